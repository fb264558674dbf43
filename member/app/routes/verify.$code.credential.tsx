import type { LoaderFunctionArgs } from '@remix-run/node';
import { api } from '~/utils/api.server';
import { getLang } from '~/utils/session.server';

/**
 * A certificate as an Open Badges 3.0 credential (issue 33), for a wallet or a university portal:
 * the API's signed credential passed through as a JSON file (the credential, and the same as a
 * VC-JWT whose key is at the API's /api/certificates/jwks.json). No sign-in, as the page above.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const code = (params.code ?? '').slice(0, 40);
  const res = await api<Record<string, unknown>>(
    request,
    `/certificates/verify/${encodeURIComponent(code)}/credential`,
    {
      lang,
    },
  );
  if (!res.ok) return new Response(null, { status: res.status >= 500 ? 503 : 404 });
  const safe = code.replace(/[^A-Za-z0-9-]/g, '');
  return new Response(JSON.stringify(res.data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="certificate-${safe}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}
