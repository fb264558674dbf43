import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useFetchers,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { type ReactNode } from 'react';
import { Footer } from './components/Footer';
import { Navbar } from './components/Navbar';
import { MessagePage, NotFound } from './components/NotFound';
import { ToastBar } from './components/ToastBar';
import { dirOf, useT, type Lang } from './i18n';
import './styles/app.css';
import './styles/forms.css';
import { LinearProgress } from './ui/Progress';
import { getViewer } from './utils/auth.server';
import { env } from './utils/env.server';
import { useNonce } from './utils/nonce';
import { placeOf, siteMeta } from './utils/seo';
import { getLang, getSession, langCookieHeader, sessionStorage, urlLang } from './utils/session.server';

export interface NavUser {
  name: string;
  picture: string | null;
  type: number;
  /** An accepted judge or referee: the menu links their event days. */
  judge: boolean;
}

/**
 * The partner embed takes its language from ?lang= (ar, anything else English), not from our cookie;
 * so does an e-mail's unsubscribe link (the recipient's language), when it names one.
 */
function embeddedLang(request: Request): Lang | null {
  const url = new URL(request.url);
  if (url.pathname === '/unsubscribe') {
    const lang = url.searchParams.get('lang');
    return lang === 'ar' || lang === 'en' ? lang : null;
  }
  if (!url.pathname.startsWith('/embeded/')) return null;
  return url.searchParams.get('lang') === 'ar' ? 'ar' : 'en';
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [lang, session, viewer] = await Promise.all([
    embeddedLang(request) ?? getLang(request),
    getSession(request),
    getViewer(request).catch(() => null),
  ]);
  const toast = session.get('toast') ?? null;
  const headers = new Headers();
  if (toast) headers.append('Set-Cookie', await sessionStorage.commitSession(session));
  // An address in a language (?lang=, from a search engine) keeps the visitor in it on the next pages.
  const named = embeddedLang(request) ? null : urlLang(request);
  if (named) headers.append('Set-Cookie', langCookieHeader(named));
  const user: NavUser | null = viewer
    ? {
        name: viewer.user.name,
        picture: viewer.user.picture,
        type: viewer.user.type,
        judge: !!viewer.user.refree_judge,
      }
    : null;
  return data({ lang, user, toast, adminUrl: env.adminUrl, place: placeOf(request) }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => siteMeta(data?.place, data?.lang ?? 'en');

/** Whether the page is one a partner site frames (handle.bare): no site chrome, nothing kept in storage. */
const useBare = () => useMatches().some((m) => (m.handle as { bare?: boolean } | undefined)?.bare);

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const lang: Lang = root?.lang ?? 'en';
  const direction = dirOf(lang);
  const nonce = useNonce();
  // A page framed by a partner keeps no scroll positions: a third-party frame may be refused storage.
  const bare = useBare();
  return (
    <html lang={lang} dir={direction}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {!bare && <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A thin bar at the top of the window while a navigation, a form submission or a fetcher is pending. */
function PendingBar() {
  const { t } = useT();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  if (navigation.state === 'idle' && fetchers.every((f) => f.state === 'idle')) return null;
  return <LinearProgress data-testid="pending-bar" aria-label={t('ui.loading')} className="pending-bar" />;
}

export default function App() {
  const { user, toast, adminUrl } = useLoaderData<typeof loader>();
  // A page framed by a partner site shows only itself.
  if (useBare()) {
    return (
      <main>
        <Outlet />
      </main>
    );
  }
  return (
    <>
      <PendingBar />
      <Navbar user={user} adminUrl={adminUrl} />
      <ToastBar toast={toast} />
      <main>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

/** The message a refusal (4xx) carries, already in the member's language. */
function refusalText(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useT();
  const root = useRouteLoaderData<typeof loader>('root');
  const body =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFound />
    ) : (
      <MessagePage
        title={t('error.title')}
        text={
          refusalText(error) ??
          (isRouteErrorResponse(error) && error.status === 503 ? t('error.unavailable') : t('error.text'))
        }
      />
    );
  return (
    <>
      <Navbar user={root?.user ?? null} adminUrl={root?.adminUrl ?? '/'} />
      <main>{body}</main>
      <Footer />
    </>
  );
}
