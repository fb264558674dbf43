// Lints Dockerfiles with dockerfile-utils (the Dockerfile language service's validator, from npm; Debian
// packages no Dockerfile linter and this machine has no Docker daemon to build with). Every finding,
// warnings included, fails: `node scripts/lint-dockerfile.mjs FILE…`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { validate, ValidationSeverity } = createRequire(import.meta.url)('dockerfile-utils');
const strict = {
  deprecatedMaintainer: ValidationSeverity.ERROR,
  directiveCasing: ValidationSeverity.ERROR,
  emptyContinuationLine: ValidationSeverity.ERROR,
  instructionCasing: ValidationSeverity.ERROR,
  instructionCmdMultiple: ValidationSeverity.ERROR,
  instructionEntrypointMultiple: ValidationSeverity.ERROR,
  instructionHealthcheckMultiple: ValidationSeverity.ERROR,
  instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
  instructionWorkdirRelative: ValidationSeverity.ERROR,
};
let findings = 0;
for (const file of process.argv.slice(2)) {
  for (const d of validate(readFileSync(file, 'utf8'), strict)) {
    findings++;
    console.error(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
  }
}
if (findings) process.exit(1);
console.log(`Dockerfile lint: ${process.argv.length - 2} file(s), no findings`);
