import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { api } from '~/utils/api.server';
import { getLang, getSession, sessionStorage } from '~/utils/session.server';

export async function loader() {
  return redirect('/');
}

/** Ends the API session, clears the cookie session, and says so on the join-us page. */
export async function action({ request }: ActionFunctionArgs) {
  const [session, lang] = await Promise.all([getSession(request), getLang(request)]);
  const token = session.get('token');
  if (token) await api(request, '/logout', { method: 'POST', token, lang });
  session.unset('token');
  session.flash('toast', { type: 'success', text: translate(lang, 'signout.success') });
  return redirect('/auth/join-us/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}
