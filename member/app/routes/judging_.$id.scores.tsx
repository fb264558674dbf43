import { data, type ActionFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/form.server';
import { scoreBody } from '~/utils/scores';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A score sent by the judge's phone (the score form's fields, with its own client_id), passed to the
 * API: the page's queue of scores typed offline posts here when the network returns. The answer is
 * the API's, as JSON.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { token, lang } = await requireUser(request);
  if (!UUID.test(params.id ?? ''))
    return data({ success: false, message: translate(lang, 'judging.failed') }, { status: 404 });
  const res = await api(request, `/judging/events/${params.id}/scores`, {
    token,
    lang,
    body: scoreBody(form.entries()),
  });
  return data(res.data, { status: res.status >= 500 ? 503 : res.status });
}
