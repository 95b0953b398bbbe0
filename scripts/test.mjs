// `npm test`: every suite (unit, flows, server, e2e) in one vitest run, then the bundle budget, then one
// plain closing line that any CI can read.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

mkdirSync('coverage', { recursive: true });
const report = 'coverage/test-results.json';
const extra = process.argv.slice(2);
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra];
const run = spawnSync('npx', args, { stdio: 'inherit' });

// The bundle budget is a deterministic figure, so it may fail the build (the e2e setup has just built dist/).
let sizeStatus = 0;
if (run.status === 0 && extra.length === 0 && existsSync('dist/.vite/manifest.json')) {
  sizeStatus = spawnSync('node', ['scripts/size.mjs', '--no-build'], { stdio: 'inherit' }).status ?? 1;
}

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
process.exit(run.status || sizeStatus);
