/**
 * How a path run is aimed: the flags of `npm run test:paths` (scripts/paths.mjs) become the PATHS_*
 * variables and the test files of the groups that hold the machines asked for; tests/paths/options.ts
 * reads those variables back, and only the full default run writes coverage/ itself.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArgs, pathGroupsOf, reportAddress, reportDirOf, titlePattern, usageWith } from '../../scripts/paths.mjs';
import { pathGroups } from '../paths/adapters';
import { plannedPaths, realSkip } from '../paths/harness';
import { isDefaultRun, pathOptions, reportDir, walks } from '../paths/options';

const groups = pathGroupsOf(readFileSync('tests/paths/adapters/index.ts', 'utf8'));

describe('npm run test:paths flags (scripts/paths.mjs)', () => {
  it('reads every group and its machines from the adapters registry', () => {
    expect(groups).toEqual(
      Object.fromEntries(Object.entries(pathGroups).map(([group, list]) => [group, list.map((a) => a.name)])),
    );
  });

  it('turns every flag into its PATHS_* variable and runs only the groups of the machines asked for', () => {
    const { env, files, help } = parseArgs(
      [
        '--machine',
        'session',
        '--strategy',
        'simple',
        '--random',
        '--seed',
        '7',
        '--steps=150',
        '--base-url',
        'http://127.0.0.1:3000',
        '--name',
        'x',
        '--screenshots',
        'all',
        '--app-url',
        'http://localhost:5173',
      ],
      groups,
    );
    expect(help).toBe(false);
    expect(env).toEqual({
      PATHS_MACHINE: 'session',
      PATHS_STRATEGY: 'simple',
      PATHS_RANDOM_SEED: '7',
      PATHS_RANDOM_STEPS: '150',
      PATHS_BASE_URL: 'http://127.0.0.1:3000',
      PATHS_NAME: 'x',
      PATHS_SCREENSHOTS: 'all',
      PATHS_APP_URL: 'http://localhost:5173',
    });
    expect(files).toEqual(['tests/paths/session.paths.test.ts']);
    expect(parseArgs(['--machine', 'theme,sidebar', '--machine', 'toolPoll'], groups).files).toEqual([
      'tests/paths/session.paths.test.ts',
      'tests/paths/shell-auth.paths.test.ts',
      'tests/paths/tools.paths.test.ts',
    ]);
  });

  it('runs every walk (the paths project) with no flag, every group file for an aimed run, a random walk from seed 0 with --random alone', () => {
    expect(parseArgs([], groups)).toEqual({ env: {}, files: [], args: [], help: false, report: false });
    const random = parseArgs(['--random'], groups);
    expect(random.env).toEqual({ PATHS_RANDOM_SEED: '0' });
    expect(random.files).toEqual(Object.keys(pathGroups).map((g) => `tests/paths/${g}.paths.test.ts`));
    expect(parseArgs(['--help'], groups).help).toBe(true);
  });

  it("reruns one path by its title (vitest's -t, the title's characters taken literally) under a report of its own", () => {
    const title = "Shows the user's balance (after 2 more) when credits.updated is sent";
    const { env, files, args } = parseArgs(['--machine', 'session', '--path', title], groups);
    expect(env).toEqual({ PATHS_MACHINE: 'session', PATHS_PATH: title });
    expect(files).toEqual(['tests/paths/session.paths.test.ts']);
    expect(args[0]).toBe('-t');
    const pattern = new RegExp(args[1]!);
    expect(pattern.test(`session: paths through the app > ${title}`)).toBe(true);
    expect(pattern.test(`session: paths through the app > ${title.replace('(', '')}`)).toBe(false);
    expect(pattern.test(`session: paths through the app > ${title} again`)).toBe(false);
    expect(titlePattern('a.b')).toBe('a\\.b$');
    expect(isDefaultRun(pathOptions(env))).toBe(false);
    expect(() => parseArgs(['--path', title], groups)).toThrow('--path needs the --machine of that path');
  });

  it('prints the address of the report a run writes (--report), the directory tests/paths/options.ts gives it', () => {
    for (const flags of [
      [],
      ['--machine', 'session'],
      ['--machine', 'theme,sidebar', '--screenshots', 'all'],
      ['--strategy', 'simple'],
      ['--random', '--steps', '20'],
      ['--seed', '3', '--machine', 'theme'],
      ['--base-url', 'http://127.0.0.1:3000', '--machine', 'session'],
      ['--name', 'nightly'],
      ['--machine', 'session', '--path', 'A title'],
      ['--app-url', 'http://localhost:5173'],
    ]) {
      const { env, report } = parseArgs([...flags, '--report'], groups);
      expect(report).toBe(true);
      expect(reportDirOf(env), flags.join(' ')).toBe(reportDir(pathOptions(env)));
      expect(reportAddress(env, '/work/x')).toBe(`file:///work/x/${reportDir(pathOptions(env))}/paths.html`);
    }
  });

  it('lists the machines of every test file in its help', () => {
    const help = usageWith(groups);
    for (const [group, names] of Object.entries(groups)) expect(help).toContain(`  ${group}: ${names.join(', ')}`);
  });

  it('refuses an unknown flag, an unknown machine and a bad value, saying which', () => {
    expect(() => parseArgs(['-t', 'x'], groups)).toThrow('Unknown option -t');
    expect(() => parseArgs(['--machine', 'sesion'], groups)).toThrow(
      /Unknown machine sesion \(the machines: .*session/,
    );
    expect(() => parseArgs(['--strategy', 'longest'], groups)).toThrow('--strategy must be shortest or simple');
    expect(() => parseArgs(['--seed', 'seven'], groups)).toThrow('--seed must be a whole number');
    expect(() => parseArgs(['--steps', '10'], groups)).toThrow('--steps is for a random walk');
    expect(() => parseArgs(['--name'], groups)).toThrow('--name needs a value');
  });
});

describe('path run options (tests/paths/options.ts)', () => {
  it('the full default run writes coverage/; any other run its own directory under coverage/runs/', () => {
    const none = pathOptions({});
    expect(isDefaultRun(none)).toBe(true);
    expect(reportDir(none)).toBe('coverage');
    expect(none).toMatchObject({ machines: null, strategy: 'shortest', random: null, baseUrl: null });

    const session = pathOptions({ PATHS_MACHINE: 'session' });
    expect(reportDir(session)).toBe('coverage/runs/shortest-session');
    expect(walks('session', session)).toBe(true);
    expect(walks('theme', session)).toBe(false);

    const random = pathOptions({ PATHS_RANDOM_SEED: '7', PATHS_RANDOM_STEPS: '150' });
    expect(random.random).toEqual({ seed: 7, steps: 150 });
    expect(reportDir(random)).toBe('coverage/runs/random-7-150');
    expect(reportDir(pathOptions({ ATELIER_PATHS: 'all' }))).toBe('coverage/runs/simple');
    expect(reportDir(pathOptions({ PATHS_NAME: 'again' }))).toBe('coverage/runs/again');

    const remote = pathOptions({ PATHS_BASE_URL: 'http://127.0.0.1:3000/', PATHS_NAME: 'staging run' });
    expect(remote.baseUrl).toBe('http://127.0.0.1:3000');
    expect(remote.appUrl).toBe('http://127.0.0.1:3000');
    expect(reportDir(remote)).toBe('coverage/runs/staging_run');

    // The report's links go where `npm start` serves the product: APP_URL, else its port on localhost.
    expect(pathOptions({}).appUrl).toBe('http://localhost:3000');
    expect(pathOptions({ PORT: '4010' }).appUrl).toBe('http://localhost:4010');
    expect(pathOptions({ APP_URL: 'https://atelier.example/' }).appUrl).toBe('https://atelier.example');
  });

  it('refuses a strategy or a number it does not know', () => {
    expect(() => pathOptions({ PATHS_STRATEGY: 'longest' })).toThrow('PATHS_STRATEGY must be shortest or simple');
    expect(() => pathOptions({ PATHS_RANDOM_SEED: '-1' })).toThrow('PATHS_RANDOM_SEED must be a whole number');
  });
});

describe('a run against a deployment: what it walks for real and what it skips', () => {
  const session = pathGroups.session.find((a) => a.name === 'session')!;
  const runs = plannedPaths(session).map((p) => ({
    events: p.path.steps.map((s) => s.event.type),
    skipped: realSkip(session, p),
  }));

  it("walks the session's sign-in, registration and sign-out for real", () => {
    const real = runs.filter((r) => r.skipped === null).map((r) => r.events);
    for (const done of ['xstate.done.actor.login', 'xstate.done.actor.register', 'xstate.done.actor.logout'])
      expect(
        real.some((events) => events.includes(done)),
        done,
      ).toBe(true);
    // A refused password is caused for real too (a wrong one is typed).
    expect(real.some((events) => events.includes('xstate.error.actor.login'))).toBe(true);
  });

  it('skips every other path with the step and the reason it cannot be caused', () => {
    const skipped = runs.filter((r) => r.skipped !== null);
    expect(skipped.length).toBeGreaterThan(0);
    for (const r of skipped) expect(r.skipped).toMatch(/^step \d+ \([\w.]+\): \S/);
    expect(runs.find((r) => r.events.includes('xstate.error.actor.register'))?.skipped).toContain(
      'does not tell who has an account',
    );
  });

  it('runs for real what a person does on the page of a machine without real causes, and skips its server answers', () => {
    const sidebar = pathGroups['shell-auth'].find((a) => a.name === 'sidebar')!;
    for (const p of plannedPaths(sidebar)) expect(realSkip(sidebar, p)).toBeNull();
    const history = pathGroups.billing.find((a) => a.name === 'creditHistory')!;
    for (const p of plannedPaths(history))
      expect(realSkip(history, p)).toMatch(
        /^step \d+ \(xstate\.[\w.]+\): no real cause is given for the creditHistory machine's actor outcomes and delays/,
      );
  });
});
