/**
 * One path test file: each adapter's planned paths run through the real app in Chromium
 * (tests/paths/harness.ts), then a check that every transition was walked except the ones the
 * adapter explains. The files (tests/paths/*.paths.test.ts) run side by side in the e2e project;
 * `npm run test:paths` runs them all and each adds its results to the run's report (writeReport in
 * reportDir(): coverage/paths.json and coverage/paths.html for the full default run).
 *
 * The run's options (options.ts, set by scripts/paths.mjs) aim it: only the machines of the filter
 * are described; the strategy picks the planned paths, every simple path too, or a seeded random walk.
 * Only a full cover (shortest or simple paths) checks that every transition was walked; a random walk
 * says in its report how many it walked instead. A run against a deployment (PATHS_BASE_URL) walks
 * each path whose server answers can all be caused for real on a fresh account of its own
 * (remote.ts, PathAdapter.real), lists every other as skipped with the reason, and says in its
 * report how many transitions it walked for real.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventText } from '../../src/features/flows/documents/stories';
import { baseUrl, setupBrowser } from '../e2e/browser';
import { pathGroups, type PathGroup } from './adapters';
import {
  allPaths,
  pathCoverage,
  pathTitle,
  plannedPaths,
  realSkip,
  runPath,
  writeReport,
  type FileReport,
  type PathAdapter,
  type PathResult,
  type PlannedPath,
} from './harness';
import { pathOptions, reportDir, walks } from './options';
import { randomWalk } from './random-walk';
import { realAccount } from './remote';
import { readReport, type ReportView } from './report';
import { ReusedPage } from './reused-page';

const options = pathOptions();

/**
 * Whether the run covers every transition it can (planned or simple paths, through the test server),
 * so that it checks it did; a random walk or a remote run counts what it walked in its report instead.
 */
const fullCover = options.random === null && options.baseUrl === null;

/**
 * The paths to run for an adapter: the planned ones; with the simple strategy (`npm run test:paths:all`)
 * every simple path too (and what it counted); or the seeded random walk.
 */
function pathsOf(adapter: PathAdapter): PlannedPath[] {
  if (options.random) return randomWalk(adapter, options.random.seed, options.random.steps);
  if (options.strategy !== 'simple') return plannedPaths(adapter);
  const all = allPaths(adapter);
  const counted = all.models
    .map(
      (m) =>
        `${m.complete ? m.simple : `over ${m.simple}`} simple (${m.complete ? `${m.run} more to run` : 'shortest paths only'})`,
    )
    .join('; ');
  console.info(
    `${adapter.name}: ${all.paths.length} paths (${plannedPaths(adapter).length} planned); per model: ${counted}`,
  );
  return all.paths;
}

/** What a random walk or a remote run says of a machine instead of checking every transition was walked. */
function noteOf(coverage: { walked: number; transitions: number }, mine: PathResult[]): string | null {
  const counted = `${coverage.walked} of ${coverage.transitions} transitions walked`;
  if (options.baseUrl) {
    const skipped = mine.filter((r) => r.skipped).length;
    return `Walked for real against ${options.baseUrl}: ${counted} for real; ${mine.filter((r) => r.passed).length} paths passed, ${skipped} skipped (each with its reason).`;
  }
  if (options.random) return `A random walk (seed ${options.random.seed}, ${options.random.steps} steps): ${counted}.`;
  return null;
}

export function pathSuite(file: PathGroup): void {
  const adapters: PathAdapter[] = pathGroups[file].filter((a: PathAdapter) => walks(a.name, options));
  const dir = reportDir(options);
  const { browser } = setupBrowser();
  const results: PathResult[] = [];
  // Each path gets the file's one page back as new (reused-page.ts): a new context per path cost most of the suite's CPU.
  const pages = new ReusedPage(browser, { baseURL: baseUrl(), reducedMotion: 'reduce' });
  afterAll(() => pages.close());

  const report = (): FileReport => ({
    file,
    at: new Date().toISOString(),
    machines: Object.fromEntries(
      adapters.map((a) => {
        const { model: _model, ...coverage } = pathCoverage(a, results);
        const mine = results.filter((r) => r.machine === a.name);
        return [
          a.name,
          {
            coverage,
            unreachable: a.unreachable ?? {},
            ...(noteOf(coverage, mine) ? { note: noteOf(coverage, mine)! } : {}),
            paths: mine.map((r) => ({
              title: pathTitle(r.planned),
              steps: r.steps,
              passed: r.passed,
              seconds: r.seconds,
              ...(r.error ? { error: r.error } : {}),
              ...(r.skipped ? { skipped: r.skipped } : {}),
            })),
          },
        ];
      }),
    ),
  });

  // Also when a filter (-t) leaves out the report's own test below.
  afterAll(() => writeReport(report(), dir));

  for (const adapter of adapters) {
    describe(`${adapter.name}: paths through the app`, () => {
      for (const planned of pathsOf(adapter)) {
        // A long path (a random walk's) gets the time of its steps.
        const timeout = Math.max(60_000, planned.path.steps.length * 3_000);
        // A remote run skips, and lists with the reason, a path whose server answers cannot all be caused for real.
        const skipped = options.baseUrl ? realSkip(adapter, planned) : null;
        it(
          pathTitle(planned),
          async (test) => {
            if (skipped) {
              // Its steps as planned (the stories' words), for a person to see what was not walked.
              const steps = planned.path.steps.map((step) => eventText(step.event));
              results.push({ machine: adapter.name, steps, passed: false, skipped, seconds: 0, planned });
              test.skip(skipped);
              return;
            }
            const account = options.baseUrl ? await realAccount(options.baseUrl, adapter.name) : undefined;
            const result = await runPath(adapter, planned, await pages.take(), account).finally(() => pages.release());
            results.push(result);
            expect(result.error ?? null, result.steps.join('\n')).toBeNull();
          },
          timeout,
        );
      }
      if (!fullCover) return;
      it('walks every transition of the machine through the app, except those the page cannot cause', () => {
        const coverage = pathCoverage(
          adapter,
          results.filter((r) => r.machine === adapter.name),
        );
        expect(coverage.missing.sort().join('\n')).toBe(
          Object.keys(adapter.unreachable ?? {})
            .sort()
            .join('\n'),
        );
      });
    });
  }

  describe('the report', () => {
    it(`writes ${dir}/paths.html, which opens from disk and lists this file's machines and their paths as steps`, async () => {
      const written = report();
      writeReport(written, dir);
      const page = await (await browser().newContext()).newPage();
      try {
        await page.goto(pathToFileURL(resolve(join(dir, 'paths.html'))).href);
        const shown = await page.evaluate(readReport as () => ReportView);
        expect(shown.title).toBe('Path tests through the real app');
        for (const [name, machine] of Object.entries(written.machines)) {
          expect(Object.keys(shown.machines)).toContain(name);
          const { walked, transitions } = machine.coverage;
          expect(shown.machines[name]!.summary).toContain(
            `transitions walked through the UI: ${walked}/${transitions}`,
          );
          expect(shown.machines[name]!.paths).toEqual(
            machine.paths.map((p) => ({ title: p.title, passed: p.passed, steps: p.steps, error: p.error ?? null })),
          );
          // Every path that passed says what was done and seen, step by step.
          for (const p of shown.machines[name]!.paths.filter((p) => p.passed))
            expect(p.steps.length).toBeGreaterThan(1);
        }
      } finally {
        await page.context().close();
      }
    });
  });
}
