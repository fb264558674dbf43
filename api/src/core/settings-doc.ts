// Writes docs/configuration.md and .env.example from SETTINGS (`npm run docs:config`); the settings
// test compares both with what this renders.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './config';
import { SETTINGS, type Setting } from './settings';

const APPS: Record<Setting['apps'][number], string> = { api: 'API', member: 'member', ops: 'ops' };
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderConfigurationDoc(): string {
  const groups = [...new Set(SETTINGS.map((s) => s.group))];
  const lines = [
    '# Configuration reference',
    '',
    '<!-- Generated from api/src/core/settings.ts by `npm run docs:config`: do not edit by hand. -->',
    '',
    'Every setting the API, the member server and the operator command (`npm run ops`) read from their',
    'environment. **Required** settings stop a production start (`NODE_ENV=production`) when missing or',
    'wrong; `npm run ops -- check-config` lists every problem of an environment at once. Secrets must be',
    'at least 32 characters, and in production not weak (no repeated piece, 128 bits of entropy):',
    '`openssl rand -base64 48` makes one. `.env.example` is the same list as an environment file.',
    '',
  ];
  for (const group of groups) {
    lines.push(
      `## ${group}`,
      '',
      '| setting | read by | production | default | what it does |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const s of SETTINGS.filter((x) => x.group === group)) {
      lines.push(
        `| \`${s.name}\` | ${s.apps.map((a) => APPS[a]).join(', ')} | ${s.production ?? ''} | ${cell(s.default)} | ${cell(s.about)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function renderEnvExample(): string {
  const lines = [
    "# The platform's environment for production (one file for the API, the member server and `npm run ops`).",
    '# Generated from api/src/core/settings.ts by `npm run docs:config`; docs/configuration.md explains each.',
    '# Required settings are uncommented; fill in the empty secrets (openssl rand -base64 48) and check with',
    '#   npm run ops -- check-config',
    '',
  ];
  for (const group of [...new Set(SETTINGS.map((s) => s.group))]) {
    lines.push(`# ${group}`);
    for (const s of SETTINGS.filter((x) => x.group === group)) {
      const value = s.example ?? '';
      lines.push(s.production === 'required' ? `${s.name}=${value}` : `# ${s.name}=${value}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (require.main === module) {
  const root = repoRoot();
  writeFileSync(join(root, 'docs', 'configuration.md'), renderConfigurationDoc());
  writeFileSync(join(root, '.env.example'), renderEnvExample());
  process.stdout.write('Wrote docs/configuration.md and .env.example\n');
}
