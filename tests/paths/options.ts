/**
 * What a path run is asked to do, read from the environment (vitest refuses flags it does not know, so
 * `npm run test:paths -- --machine session` goes through scripts/paths.mjs, which sets these):
 *
 * - PATHS_MACHINE: registry names of the machines to walk, comma-separated (all when unset);
 * - PATHS_STRATEGY: `shortest` (the planned cover of shortest paths, the default) or `simple`
 *   (every simple path too; ATELIER_PATHS=all, the older switch, means the same);
 * - PATHS_RANDOM_SEED and PATHS_RANDOM_STEPS: a seeded random walk of that many steps per machine
 *   instead (the same seed, the same walk);
 * - PATHS_BASE_URL: walk a running deployment for real, no request intercepted;
 * - PATHS_NAME: the run's name (its report directory under coverage/runs/);
 * - PATHS_SCREENSHOTS: `failed` (the default: a screenshot at a failed step) or `all` (at every step);
 * - PATHS_APP_URL: the app address the report's links to /flows?path=… point at;
 * - PATHS_PATH: the title of the one path to run (a failed path's rerun; the wrapper passes vitest its -t).
 *
 * Only the full default run (no filter, shortest paths, not random, not remote) writes coverage/ itself,
 * and with it coverage/flows.json, which the flows viewer bundles; every other run writes its report
 * under coverage/runs/<name>/.
 */
export type Strategy = 'shortest' | 'simple';

export interface PathOptions {
  machines: string[] | null;
  strategy: Strategy;
  random: { seed: number; steps: number } | null;
  baseUrl: string | null;
  screenshots: 'failed' | 'all';
  appUrl: string;
  /** The one path to run, by its title (a rerun), or null for all. */
  path: string | null;
  name: string;
  /** Whether the run was given its name (PATHS_NAME): a named run writes under coverage/runs/ too. */
  named: boolean;
}

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : null;

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not "${value}"`);
  return n;
}

/** The options of this run, from `env` (process.env unless given). */
export function pathOptions(env: Record<string, string | undefined> = process.env): PathOptions {
  const strategyText = env['PATHS_STRATEGY'] ?? (env['ATELIER_PATHS'] === 'all' ? 'simple' : 'shortest');
  if (strategyText !== 'shortest' && strategyText !== 'simple')
    throw new Error(`PATHS_STRATEGY must be shortest or simple, not "${strategyText}"`);
  const seedText = env['PATHS_RANDOM_SEED'];
  const random =
    seedText !== undefined && seedText !== ''
      ? {
          seed: positive('PATHS_RANDOM_SEED', seedText, 0),
          steps: positive('PATHS_RANDOM_STEPS', env['PATHS_RANDOM_STEPS'], 50),
        }
      : null;
  const machines = list(env['PATHS_MACHINE']);
  const baseUrl = env['PATHS_BASE_URL'] ? env['PATHS_BASE_URL'].replace(/\/+$/, '') : null;
  const screenshots = env['PATHS_SCREENSHOTS'] === 'all' ? 'all' : 'failed';
  const name =
    env['PATHS_NAME'] ||
    [
      random ? `random-${random.seed}-${random.steps}` : strategyText,
      machines ? machines.join('+') : null,
      baseUrl ? 'remote' : null,
      env['PATHS_PATH'] ? 'one-path' : null,
    ]
      .filter(Boolean)
      .join('-');
  return {
    machines,
    strategy: strategyText,
    random,
    baseUrl,
    screenshots,
    // Where `npm start` serves the product unless told otherwise (APP_URL, PORT), as the server itself reads them.
    appUrl: (env['PATHS_APP_URL'] || baseUrl || env['APP_URL'] || `http://localhost:${env['PORT'] || 3000}`).replace(
      /\/+$/,
      '',
    ),
    path: env['PATHS_PATH'] || null,
    name: name.replace(/[^A-Za-z0-9._+-]/g, '_'),
    named: Boolean(env['PATHS_NAME']),
  };
}

/** Whether this is the full default run: the only one that writes coverage/flows.json and coverage/paths.*. */
export function isDefaultRun(options: PathOptions = pathOptions()): boolean {
  return (
    options.machines === null &&
    options.strategy === 'shortest' &&
    options.random === null &&
    options.baseUrl === null &&
    options.path === null &&
    !options.named
  );
}

/** Where this run writes its report: coverage/ for the full default run, else coverage/runs/<name>/. */
export function reportDir(options: PathOptions = pathOptions()): string {
  return isDefaultRun(options) ? 'coverage' : `coverage/runs/${options.name}`;
}

/** Whether the run walks `machine` (the machine filter). */
export const walks = (machine: string, options: PathOptions = pathOptions()) =>
  options.machines === null || options.machines.includes(machine);
