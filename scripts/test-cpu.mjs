// The API test files by CPU time, from the lines TEST_CPU_LOG collected (api/test/cpu-time.ts):
//   TEST_CPU_LOG=/tmp/cpu.jsonl npm test -w api && node scripts/test-cpu.mjs /tmp/cpu.jsonl [/tmp/before.jsonl]
// With a second log (an earlier run), each file's CPU time there and the ratio are shown beside.
import { readFileSync } from 'node:fs';

const read = (file) => {
  const byFile = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const { file: name, cpuMs, wallMs } = JSON.parse(line);
    byFile.set(name, { cpuMs, wallMs });
  }
  return byFile;
};
const [now, before] = process.argv.slice(2).map(read);
if (!now) {
  console.error('usage: node scripts/test-cpu.mjs <log> [earlier log]');
  process.exit(1);
}
const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
let total = 0;
let totalBefore = 0;
for (const [name, { cpuMs, wallMs }] of [...now].sort((a, b) => b[1].cpuMs - a[1].cpuMs)) {
  total += cpuMs;
  const was = before?.get(name)?.cpuMs;
  if (was) totalBefore += was;
  const beside = before ? (was ? `${s(was)} s before, ×${(cpuMs / was).toFixed(2)}` : '   (not before)') : '';
  console.log(`${name.padEnd(36)} ${s(cpuMs)} s CPU ${s(wallMs)} s clock ${beside}`);
}
console.log(
  `${now.size} files, ${s(total)} s CPU${before ? `; ${s(totalBefore)} s before for the same files (×${(total / totalBefore).toFixed(2)})` : ''}`,
);
