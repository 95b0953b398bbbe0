// `npm test`: the suites (unit, flows, server, e2e) in one vitest run, the bundle budget beside it, then one
// plain closing line that any CI can read. The path walks of every machine through the app are a script of
// their own (`npm run test:paths`, scripts/paths.mjs), which CI runs after this one on the same build.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { summary } from './test-summary.mjs';

mkdirSync('coverage', { recursive: true });
const report = 'coverage/test-results.json';
const extra = process.argv.slice(2);
// The unit, flows and server suites run their tests in a shuffled order; this seed replays one order
// (`npm test -- --sequence.seed=N`, or the same flag to one suite).
const seedArg = extra.find((a) => a.startsWith('--sequence.seed'));
const seed = seedArg ? seedArg.split('=')[1] : String(Date.now() % 1_000_000);
console.log(`Shuffle seed: ${seed} (replay this order with --sequence.seed=${seed})`);
/** Every project but the path walks (vitest.config.ts), unless the command names its own. */
const projects = extra.some((a) => a.startsWith('--project')) ? [] : ['--project', '!paths'];
const args = [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...(seedArg ? [] : [`--sequence.seed=${seed}`]),
  ...extra,
];

/** Runs a command; answers its exit status and, when `quiet`, what it printed (shown after the suites). */
function run(command, commandArgs, quiet = false, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      env,
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

// One production build (dist/), made once before the suites: the e2e and path suites serve it (their global
// setup finds it current) and the bundle budget measures it. A filtered run leaves building to the e2e setup.
const full = extra.length === 0;
if (full) {
  const built = await run('npx', ['vite', 'build'], true, { ...process.env, NODE_ENV: 'production' });
  if (built.status !== 0) {
    process.stdout.write(built.output);
    process.exit(built.status);
  }
}
// The bundle budget is a deterministic figure, so it may fail the run.
const [tests, size] = await Promise.all([
  run('npx', args),
  full ? run('node', ['scripts/size.mjs', '--no-build'], true) : Promise.resolve({ status: 0, output: '' }),
]);
if (size.output) process.stdout.write(`\n${size.output}`);

if (existsSync(report)) {
  const lines = summary(JSON.parse(readFileSync(report, 'utf8')));
  console.log(`\n${lines.join('\n')}\nshuffle seed: ${seed}`);
}
process.exit(tests.status || size.status);
