// `npm run test:paths` and `npm run test:paths:all`: the path tests (tests/paths) aimed by flags. vitest
// refuses flags it does not know, so this wrapper turns them into the PATHS_* variables tests/paths/options.ts
// reads, runs only the test files of the groups that hold the machines asked for, and hands the rest to
// `vitest run --project paths` (vitest.config.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const usage = `Usage: npm run test:paths -- [options]

Runs the path tests (tests/paths) through the real app in Chromium.

  --machine <names>     only these machines (registry names, comma-separated; the flag may repeat)
  --strategy <s>        shortest (the planned cover of shortest paths, the default) or simple (every simple path too)
  --random              a seeded random walk of each machine instead of planned paths
  --seed <n>            the random walk's seed (implies --random; 0 unless given)
  --steps <n>           the random walk's steps per machine (50 unless given)
  --base-url <url>      walk a running deployment for real: no /api request is intercepted
  --name <name>         the run's name: its report goes to coverage/runs/<name>/
  --screenshots <when>  failed (the default: at a failed step) or all (at every step)
  --app-url <url>       the app address the report's links to /flows?path=… point at
  --path <title>        only the path of that title (a failed path's rerun; needs --machine)
  --report              print the address of the report these flags write, and run nothing
  --help                this text, and the machines

Only the full default run (no flag) writes coverage/paths.* and coverage/flows.json; any other run
writes its report (paths.html, paths.json, junit.xml) under coverage/runs/<name>/.`;

/** The flags that take a value, by the PATHS_* variable each sets. */
const valued = {
  '--strategy': 'PATHS_STRATEGY',
  '--seed': 'PATHS_RANDOM_SEED',
  '--steps': 'PATHS_RANDOM_STEPS',
  '--base-url': 'PATHS_BASE_URL',
  '--name': 'PATHS_NAME',
  '--screenshots': 'PATHS_SCREENSHOTS',
  '--app-url': 'PATHS_APP_URL',
  '--path': 'PATHS_PATH',
};

/** A path's title as the pattern vitest's -t takes (a regular expression): the test whose name ends with it. */
export const titlePattern = (title) => `${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

/**
 * The directory a run's report goes to, from its PATHS_* variables: what tests/paths/options.ts reportDir
 * says (tests/flows/path-options.test.ts checks that they agree), so the wrapper can print its address.
 */
export function reportDirOf(env) {
  const aimed = ['PATHS_MACHINE', 'PATHS_RANDOM_SEED', 'PATHS_BASE_URL', 'PATHS_NAME', 'PATHS_PATH'].some(
    (k) => env[k],
  );
  const strategy = env.PATHS_STRATEGY ?? (env.ATELIER_PATHS === 'all' ? 'simple' : 'shortest');
  if (!aimed && strategy === 'shortest') return 'coverage';
  const seed = env.PATHS_RANDOM_SEED;
  const name =
    env.PATHS_NAME ||
    [
      seed ? `random-${Number(seed)}-${Number(env.PATHS_RANDOM_STEPS || 50)}` : strategy,
      env.PATHS_MACHINE
        ? env.PATHS_MACHINE.split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .join('+')
        : null,
      env.PATHS_BASE_URL ? 'remote' : null,
      env.PATHS_PATH ? 'one-path' : null,
    ]
      .filter(Boolean)
      .join('-');
  return `coverage/runs/${name.replace(/[^A-Za-z0-9._+-]/g, '_')}`;
}

/** The report's address (file://…/paths.html) of a run with these variables. */
export const reportAddress = (env, cwd = process.cwd()) =>
  pathToFileURL(resolve(cwd, reportDirOf(env), 'paths.html')).href;

/** The usage, with the machines of each test file (their registry names, which --machine takes). */
export const usageWith = (groups) =>
  `${usage}\n\nThe machines, by test file (tests/paths/<file>.paths.test.ts):\n${Object.entries(groups)
    .map(([group, names]) => `  ${group}: ${names.join(', ')}`)
    .join('\n')}`;

/**
 * The environment and files of a run from its flags (`--flag value` or `--flag=value`); throws with a
 * readable message on an unknown flag or a missing value. `groups` maps each path group to the registry
 * names of its machines (pathGroupsOf).
 */
export function parseArgs(argv, groups) {
  const env = {};
  const machines = [];
  let random = false;
  let help = false;
  let report = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = flag === arg ? undefined : arg.slice(eq + 1);
    const value = () => {
      if (inline !== undefined) return inline;
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--help' || flag === '-h') help = true;
    else if (flag === '--random') random = true;
    else if (flag === '--report') report = true;
    else if (flag === '--machine')
      machines.push(
        ...value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    else if (flag in valued) env[valued[flag]] = value();
    else throw new Error(`Unknown option ${arg}`);
  }
  if (env.PATHS_STRATEGY !== undefined && !['shortest', 'simple'].includes(env.PATHS_STRATEGY))
    throw new Error(`--strategy must be shortest or simple, not "${env.PATHS_STRATEGY}"`);
  if (env.PATHS_SCREENSHOTS !== undefined && !['failed', 'all'].includes(env.PATHS_SCREENSHOTS))
    throw new Error(`--screenshots must be failed or all, not "${env.PATHS_SCREENSHOTS}"`);
  for (const flag of ['--seed', '--steps']) {
    const text = env[valued[flag]];
    if (text !== undefined && !/^\d+$/.test(text)) throw new Error(`${flag} must be a whole number, not "${text}"`);
  }
  if (env.PATHS_RANDOM_STEPS !== undefined && env.PATHS_RANDOM_SEED === undefined && !random)
    throw new Error('--steps is for a random walk: add --random or --seed');
  if (random && env.PATHS_RANDOM_SEED === undefined) env.PATHS_RANDOM_SEED = '0';
  const known = Object.values(groups).flat();
  const unknown = machines.filter((m) => !known.includes(m));
  if (unknown.length)
    throw new Error(`Unknown machine ${unknown.join(', ')} (the machines: ${[...known].sort().join(', ')})`);
  if (machines.length) env.PATHS_MACHINE = [...new Set(machines)].join(',');
  if (env.PATHS_PATH !== undefined && machines.length !== 1)
    throw new Error('--path needs the --machine of that path (one machine)');
  // The full default run walks every group (the `paths` project); an aimed run runs the path files of the
  // groups it walks, nothing else. The harness's own tests are `npm test`'s (the e2e project).
  const aimed = Object.keys(env).length > 0;
  const files = aimed
    ? Object.entries(groups)
        .filter(([, names]) => machines.length === 0 || names.some((n) => machines.includes(n)))
        .map(([group]) => `tests/paths/${group}.paths.test.ts`)
    : [];
  // vitest's own filter for --path: its test is named by the path's title.
  const args = env.PATHS_PATH === undefined ? [] : ['-t', titlePattern(env.PATHS_PATH)];
  return { env, files, args, help, report };
}

/**
 * The machines of each path group, read from tests/paths/adapters/index.ts (written by `npm run
 * registries`, one `group: [namePaths, …],` line per group; each adapter is exported as <machine>Paths).
 */
export function pathGroupsOf(source) {
  const block = source.slice(source.indexOf('export const pathGroups = {'));
  const groups = {};
  for (const [, group, list] of block.matchAll(/^\s+'?([\w-]+)'?: \[([^\]]*)\],$/gm))
    groups[group] = list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => s.replace(/Paths$/, ''));
  return groups;
}

async function main() {
  const groups = pathGroupsOf(readFileSync('tests/paths/adapters/index.ts', 'utf8'));
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2), groups);
  } catch (error) {
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (parsed.help) {
    console.log(usageWith(groups));
    return;
  }
  if (parsed.report) {
    console.log(reportAddress(parsed.env));
    return;
  }
  const child = spawn('npx', ['vitest', 'run', '--project', 'paths', ...parsed.args, ...parsed.files], {
    stdio: 'inherit',
    env: { ...process.env, ...parsed.env },
  });
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  // After the full run, the requirements report (coverage/requirements.md): each product rule with its states,
  // tests and whether these walks walked them (coverage/flows.json). It measures; it does not fail the run.
  if (parsed.files.length === 0) {
    const report = spawn('npx', ['tsx', 'scripts/requirements-report.ts'], { stdio: 'inherit' });
    await new Promise((resolve) => report.on('close', resolve));
  }
  console.log(`\nThe report: ${reportAddress(parsed.env)}`);
  process.exit(status);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
