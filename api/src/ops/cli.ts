// The operator command: `npm run ops -- <verb>` (node api/dist/ops/cli.js <verb>), reading the same
// environment as the API. Each verb does one thing and exits: 0 done, 1 refused or failed, 2 misused.
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { buildInfo } from '@platform/contract/node';
import { ConfigError, loadConfig, repoRoot, type AppConfig } from '../core/config';
import { migrationsIn } from '../core/migrations';
import { backup, restore } from './backup';
import { checkConfig, type ConfigTarget } from './check-config';
import { createAdmin, OpsError } from './create-admin';
import { migrate } from './migrate';
import { zatcaOnboard } from './zatca';

const USAGE = `npm run ops -- <verb>

  check-config [--app api|member|all]   every problem of this environment, in one pass
  migrate [--dry-run]                   apply the pending migrations (or list them) and exit
  create-admin --email E [--name N]     an admin; the password from ADMIN_PASSWORD or standard input
  backup <folder>                       the database and the store's objects, with checksums
  restore <folder>                      a backup into an EMPTY database and store (then start with API_WORKER_JOBS=0)
  version                               the release: version, commit, migrations, runtime
  zatca-onboard --out FILE [--otp N] [--renew] [--common-name CN] [--unit OU] [--invoice-types 1100]
                                        an e-invoicing unit's key, CSR and ZATCA CSIDs (or a renewal) into FILE`;

const say = (line: string) => process.stdout.write(`${line}\n`);

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function config(): AppConfig {
  return loadConfig(process.env);
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) return line;
  return '';
}

export async function main(argv: string[]): Promise<number> {
  const [verb, ...args] = argv;
  switch (verb) {
    case 'check-config': {
      const app = (option(args, '--app') ?? 'all') as ConfigTarget;
      if (!['api', 'member', 'all'].includes(app)) return usage();
      const problems = checkConfig(process.env, app);
      for (const p of problems) say(p);
      say(
        problems.length
          ? `${problems.length} problem(s) found`
          : `Configuration OK (${app}, NODE_ENV=${process.env.NODE_ENV || 'development'})`,
      );
      return problems.length ? 1 : 0;
    }
    case 'migrate':
      await migrate(config(), { dryRun: args.includes('--dry-run') }, say);
      return 0;
    case 'create-admin': {
      const email = option(args, '--email');
      if (!email) return usage();
      await createAdmin(config(), { email, name: option(args, '--name'), password: await readPassword() }, say);
      return 0;
    }
    case 'backup':
    case 'restore': {
      const folder = args.find((a) => !a.startsWith('--'));
      if (!folder) return usage();
      await (verb === 'backup' ? backup : restore)(config(), resolve(folder), say);
      return 0;
    }
    case 'zatca-onboard': {
      const out = option(args, '--out');
      if (!out) return usage();
      await zatcaOnboard(
        config(),
        {
          out: resolve(out),
          otp: option(args, '--otp'),
          renew: args.includes('--renew'),
          commonName: option(args, '--common-name'),
          unit: option(args, '--unit'),
          invoiceTypes: option(args, '--invoice-types'),
        },
        say,
      );
      return 0;
    }
    case 'version': {
      const { version, commit } = buildInfo(repoRoot());
      const migrations = migrationsIn();
      say(
        JSON.stringify({
          version,
          commit,
          node: process.versions.node,
          migrations: migrations.length,
          last_migration: migrations.at(-1)?.tag,
        }),
      );
      return 0;
    }
    default:
      return usage();
  }
}

function usage(): number {
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(
        `${err instanceof OpsError || err instanceof ConfigError ? err.message : String((err as Error)?.stack ?? err)}\n`,
      );
      process.exit(1);
    },
  );
}
