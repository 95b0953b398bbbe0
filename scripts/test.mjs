// `npm test`: every suite (unit, flows, server, e2e) in one vitest run, then one closing line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

mkdirSync('coverage', { recursive: true });
const report = 'coverage/test-results.json';
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit' });

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  // A plain closing line that any CI can read.
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
process.exit(run.status ?? 1);
