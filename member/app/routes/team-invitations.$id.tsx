import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/form.server';
import { flashHeaders } from '~/utils/session.server';

/** Accepts or declines a team invitation from the home page, then goes back there with the API's message. */
export async function action({ request, params }: ActionFunctionArgs) {
  // A body that is not a form is refused first (400), whoever sends it.
  const form = await readForm(request);
  const { token, lang } = await requireUser(request, ['student', 'coach', 'entity']);
  const intent = form.get('intent');
  if (intent !== 'accept' && intent !== 'decline')
    return Response.json({ message: translate(lang, 'error.bad_form') }, { status: 400 });
  const res = await api<{ message: string }>(
    request,
    `/team-invitations/${encodeURIComponent(params.id ?? '')}/${intent}`,
    { method: 'POST', token, lang },
  );
  const text = res.data.message ?? translate(lang, 'register.failed');
  return redirect('/', { headers: await flashHeaders(request, { type: res.ok ? 'success' : 'error', text }) });
}

export function loader() {
  return redirect('/');
}
