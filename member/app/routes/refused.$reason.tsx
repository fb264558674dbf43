import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { getLang } from '~/utils/session.server';

/**
 * Where the member server sends a post another site made the member's browser send (server.mjs):
 * nothing of it was read; the page says why, in the member's language, with a 403.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  if (params.reason !== 'cross-site') throw data(null, { status: 404 });
  throw data({ message: translate(lang, 'error.cross_site') }, { status: 403, statusText: 'Forbidden' });
}

/** Never drawn: the loader always refuses, and the error boundary shows the message. */
export default function Refused() {
  return null;
}
