// `npm start`: builds what is missing, then runs the API (with the back-office) and the member site.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { root } from './apps.mjs';

const env = { ...process.env };
const apiPort = env.API_PORT || '4000';
const port = env.PORT || '3000';
const host = env.HOST || '127.0.0.1';
const shown = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
env.DATA_DIR = resolve(root, env.DATA_DIR || 'data');

const build = spawnSync(process.execPath, [resolve(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root });
if (build.status !== 0) process.exit(build.status ?? 1);

// The member server runs in production mode; on a newcomer's machine (NODE_ENV unset) the secrets
// it shares with nobody (SESSION_SECRET) or with the API (MEMBER_PROXY_SECRET, which makes the API
// believe the browser addresses it forwards) are generated once and kept in DATA_DIR, like the API's
// (the contract's developmentSecret, built just above).
if (env.NODE_ENV !== 'production') {
  const { developmentSecret } = await import('../packages/contract/dist/esm/node/secrets.js');
  env.SESSION_SECRET ||= developmentSecret('SESSION_SECRET', env.DATA_DIR);
  env.MEMBER_PROXY_SECRET ||= developmentSecret('MEMBER_PROXY_SECRET', env.DATA_DIR);
}

const children = [];
/** The first admin's line of the API's log (a generated password is shown once), repeated in the banner. */
let firstAdmin = '';
function run(name, args, extraEnv, cwd = root) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  // The log goes through as it comes; the first admin's line is kept for the banner.
  let partial = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const found = /First admin created: (.*?)(?:\s*\{"context".*|"[,}].*)?$/.exec(line);
      if (found) firstAdmin = found[1].replace(/\\"/g, '"');
    }
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} stopped (${signal ?? code}); stopping everything`);
    stop(code || 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', [resolve(root, 'api/dist/main.js')], {
  API_PORT: apiPort,
  HOST: host,
  MEMBER_URL: env.MEMBER_URL || `http://${shown}:${port}`,
});

/** Waits (up to 150 s) for `url` to answer 2xx. */
async function answers(url) {
  for (let i = 0; i < 600 && !stopping; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

// The member site starts once the API answers, so its first page never meets a missing API.
const apiUrl = env.API_URL || `http://127.0.0.1:${apiPort}/api`;
await answers(`${apiUrl}/health`);
if (!stopping) {
  run('member', [resolve(root, 'member/server.mjs')], {
    PORT: port,
    HOST: host,
    API_URL: apiUrl,
    ADMIN_URL: env.ADMIN_URL || `http://${shown}:${apiPort}/admin/`,
    // The member server runs in production mode, where its cookie is Secure; a newcomer's plain
    // http://localhost keeps a cookie every browser sends (Safari drops Secure ones on http).
    ...(env.NODE_ENV !== 'production' && !env.COOKIE_SECURE
      ? { COOKIE_SECURE: (env.MEMBER_URL ?? '').startsWith('https:') ? '1' : '0' }
      : {}),
  });
  // The addresses and the first admin come last, once both answer, below the start-up lines.
  await answers(`http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}/healthz`);
  if (!stopping) {
    console.log(`
  Member site  http://${shown}:${port}/
  Back-office  http://${shown}:${apiPort}/admin/
  API          http://${shown}:${apiPort}/api  (OpenAPI: /api/docs)${firstAdmin ? `\n  First admin  ${firstAdmin}` : ''}
  Data         ${env.DATA_DIR}  (delete it, with the apps stopped, to start again from nothing)
`);
  }
}
