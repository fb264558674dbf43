import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { isLang } from '~/i18n';
import { safeRedirect } from '~/utils/auth.server';
import { langCookieHeader } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';

export async function loader() {
  return redirect('/');
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = form.get('lang');
  const to = withoutLang(safeRedirect(form.get('redirectTo')));
  if (!isLang(lang)) return redirect(to);
  return redirect(to, { headers: { 'Set-Cookie': langCookieHeader(lang) } });
}

/** The page to go back to, without a `?lang=` that would keep it in the language just left. */
function withoutLang(to: string): string {
  const url = new URL(to, 'http://here');
  if (!url.searchParams.has('lang')) return to;
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}${url.hash}`;
}
