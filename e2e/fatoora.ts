import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fakeFatoora } from '../api/test/fakes/fatoora';
// The seller as the journeys' API and its ZATCA onboarding know it: the API tests' seller.
import { SELLER_ENV } from '../api/test/seller';

/** One document the fake Fatoora accepted, as the tests read it from `/_fake/state`. */
export interface AcceptedDocument {
  uuid: string;
  hash: string;
  icv: number;
  pih: string;
  profile: string;
}

/**
 * ZATCA Phase 2 for the journeys: the local fake Fatoora (api/test/fakes/fatoora.ts, which checks
 * hash, signature, QR and chain), the unit onboarded to it by the operator command an operator runs
 * (`zatca-onboard`: key, CSR, compliance CSID, compliance checks, production CSID), and a small
 * control server the tests reach at E2E_FATOORA_URL: `GET /_fake/state` (what Fatoora accepted, in
 * order) and `POST /_fake/reject?n=1&buyer=<name>` (the next n documents whose buyer has that name get
 * ZATCA's business error; files run side by side, so a journey names its own buyer).
 * Answers the API's ZATCA_* settings.
 */
export async function startFatoora(root: string, dataDir: string, common: Record<string, string>) {
  const fake = fakeFatoora();
  const apiUrl = await fake.start();
  const out = join(dataDir, 'zatca.env');
  await new Promise<void>((ok, fail) => {
    const child = spawn(
      process.execPath,
      [join(root, 'api/dist/ops/cli.js'), 'zatca-onboard', '--out', out, '--otp', fake.otp],
      {
        cwd: root,
        env: { ...process.env, ...common, ...SELLER_ENV, ZATCA_API_URL: apiUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`zatca-onboard failed (${code})`))));
  });
  const credentials = Object.fromEntries(
    readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  ) as Record<string, string>;
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/_fake/state')
      return answer(200, { accepted: fake.state.accepted, lastHash: fake.state.lastHash });
    if (req.method === 'POST' && url.pathname === '/_fake/reject') {
      fake.reject(Number(url.searchParams.get('n') ?? '1'), url.searchParams.get('buyer') ?? undefined);
      return answer(200, { ok: true });
    }
    return answer(404, {});
  });
  await new Promise<void>((ok) => control.listen(0, '127.0.0.1', () => ok()));
  return {
    controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    env: {
      ...SELLER_ENV,
      ZATCA_API_URL: apiUrl,
      ZATCA_PRIVATE_KEY: credentials.ZATCA_PRIVATE_KEY,
      ZATCA_CSID: credentials.ZATCA_CSID,
      ZATCA_CSID_SECRET: credentials.ZATCA_CSID_SECRET,
      ZATCA_WORKER: '1',
      ZATCA_POLL_MS: '300',
    },
    async close() {
      await new Promise<void>((r) => control.close(() => r()));
      await fake.close();
    },
  };
}
