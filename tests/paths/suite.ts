/**
 * One path test file: each adapter's planned paths run through the real app in Chromium
 * (tests/paths/harness.ts), then a check that every transition was walked except the ones the
 * adapter explains. The files (tests/paths/*.paths.test.ts) run side by side in the e2e project;
 * `npm run test:paths` runs them all and each adds its results to coverage/paths.json and
 * coverage/paths.html (report-writer.ts writeReport; another run's under its own directory, options.ts
 * reportDir). Each path's test is named by its title (scenarios.ts planPaths); a failed step leaves a
 * screenshot named after the path, and with PATHS_SCREENSHOTS=all every step does.
 *
 * The run's options (options.ts, set by scripts/paths.mjs) aim it: only the machines of the filter
 * are described; the strategy picks the planned paths, every simple path too, or a seeded random walk
 * (random-walk.ts; its paths get scenarios and titles like the others). Only a full cover (shortest or
 * simple paths) checks that every transition was walked; a random walk says in its report how many it
 * walked instead. A run against a deployment (PATHS_BASE_URL) walks each path whose server answers can
 * all be caused for real on a fresh account of its own (remote.ts, PathAdapter.real), lists every other
 * as skipped with the reason, and says in its report how many transitions it walked for real.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventText } from '../../tools/flows/documents/stories';
import { baseUrl, desktop, phone, setupBrowser } from '../e2e/browser';
import { pathGroups, type PathGroup } from './adapters';
import {
  allPaths,
  pathCoverage,
  plannedPaths,
  realSkip,
  runPath,
  type PathAdapter,
  type PathResult,
  type PlannedPath,
} from './harness';
import { isDefaultRun, pathOptions, reportDir, walks } from './options';
import { randomWalk } from './random-walk';
import { realAccount } from './remote';
import { readReport, type ReportView } from './report';
import { chartOf, pathReport, writeReport, type FileReport } from './report-writer';
import { ReusedPage } from './reused-page';
import { planPaths, TITLE_LIMIT, type PathPlan } from './scenarios';
import { MAX_UNFOLDED } from './steps';

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
  const { browser } = setupBrowser();
  const results: PathResult[] = [];
  const dir = reportDir(options);
  // Each path gets the file's one page back as new (reused-page.ts): a new context per path cost most of the suite's CPU.
  const pages = new ReusedPage(browser, { baseURL: baseUrl(), reducedMotion: 'reduce' });
  afterAll(() => pages.close());

  // Each path's scenarios and title (scenarios.ts), planned once per machine.
  const plans = new Map<PlannedPath, PathPlan>();
  const planned = new Map<PathAdapter, PlannedPath[]>();
  for (const adapter of adapters) {
    const paths = pathsOf(adapter);
    planned.set(adapter, paths);
    planPaths(adapter.name, paths).forEach((plan, i) => plans.set(paths[i]!, plan));
  }
  const charts = new Map<string, Promise<string>>();
  const chart = (a: PathAdapter) => {
    if (!charts.has(a.name)) charts.set(a.name, chartOf(a.models[0]!.machine));
    return charts.get(a.name)!;
  };

  const report = async (): Promise<FileReport> => ({
    file,
    at: new Date().toISOString(),
    machines: Object.fromEntries(
      await Promise.all(
        adapters.map(async (a) => {
          const { model: _model, ...coverage } = pathCoverage(a, results);
          const mine = results.filter((r) => r.machine === a.name);
          const note = noteOf(coverage, mine);
          return [
            a.name,
            {
              coverage,
              unreachable: a.unreachable ?? {},
              ...(note ? { note } : {}),
              paths: mine.map((r) => pathReport(r, plans.get(r.planned)!)),
              chart: await chart(a),
            },
          ] as const;
        }),
      ),
    ),
  });

  // Also when a filter (-t) leaves out the report's own test below.
  afterAll(async () => writeReport(await report(), dir, { appUrl: options.appUrl }));

  for (const adapter of adapters) {
    describe(`${adapter.name}: paths through the app`, () => {
      for (const path of planned.get(adapter)!) {
        const plan = plans.get(path)!;
        // A long path (a random walk's) gets the time of its steps.
        const timeout = Math.max(60_000, path.path.steps.length * 3_000);
        // A remote run skips, and lists with the reason, a path whose server answers cannot all be caused for real.
        const skipped = options.baseUrl ? realSkip(adapter, path) : null;
        it(
          plan.title,
          async (test) => {
            if (skipped) {
              // Its steps as planned (the stories' words), for a person to see what was not walked.
              const steps = path.path.steps.map((step) => ({ kind: 'action' as const, text: eventText(step.event) }));
              const starts = steps.map((_, i) => i);
              results.push({
                machine: adapter.name,
                steps,
                starts,
                passed: false,
                skipped,
                planned: path,
                durationMs: 0,
              });
              test.skip(skipped);
              return;
            }
            const shots = { dir, name: plan.slug, every: options.screenshots === 'all' };
            const account = options.baseUrl ? await realAccount(options.baseUrl, adapter.name) : undefined;
            const result = await runPath(adapter, path, await pages.take(), shots, account).finally(() =>
              pages.release(),
            );
            results.push(result);
            expect(result.error ?? null, result.steps.map((s) => s.text).join('\n')).toBeNull();
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
    it(`writes ${dir}/paths.html, which opens from disk: a summary, status tabs, failures first, filters, each path's scenarios as steps`, async () => {
      const written = await report();
      writeReport(written, dir, { appUrl: options.appUrl });
      const page = await (await browser().newContext({ viewport: desktop })).newPage();
      try {
        await page.goto(pathToFileURL(resolve(join(dir, 'paths.html'))).href);
        const shown = await page.evaluate(readReport as () => ReportView);
        expect(shown.title).toBe('Path tests through the real app');
        // The summary adds up the machines the report lists (this file's and the others' that ended before it).
        const listed = Object.values(shown.machines);
        const paths = listed.flatMap((m) => m.paths);
        expect(shown.summary).toMatchObject({
          machines: String(listed.length),
          paths: String(paths.length),
          passed: String(paths.filter((p) => p.passed).length),
          failed: String(paths.filter((p) => !p.passed && !p.skipped).length),
        });
        expect(shown.index).toEqual(Object.keys(shown.machines));
        for (const [name, machine] of Object.entries(written.machines)) {
          const view = shown.machines[name]!;
          expect(view, name).toBeDefined();
          const { walked, transitions } = machine.coverage;
          expect(view.summary).toContain(`transitions walked through the UI: ${walked}/${transitions}`);
          expect(view.chart).toBe(true);
          expect(view.paths.map((p) => [p.title, p.passed, p.skipped])).toEqual(
            machine.paths.map((p) => [p.title, p.passed, Boolean(p.skipped)]),
          );
          // Titles a person can read: unique within the machine, none too long, no JSON input in them.
          const titles = view.paths.flatMap((p) => [p.title, ...p.scenarios.map((s) => s.title)]);
          expect(new Set(view.paths.map((p) => p.title)).size).toBe(view.paths.length);
          expect(new Set(view.paths.flatMap((p) => p.scenarios.map((s) => s.title))).size).toBe(
            view.paths.reduce((n, p) => n + p.scenarios.length, 0),
          );
          for (const title of titles) {
            expect(title.length, title).toBeLessThanOrEqual(TITLE_LIMIT);
            expect(title, title).not.toMatch(/[{[]"/);
          }
          for (const p of view.paths) {
            expect(p.duration).toMatch(/^\d+\.\d s$/);
            expect(p.flows).toMatch(new RegExp(`^${options.appUrl}/flows/${name}\\?path=.+`));
            const steps = p.scenarios.flatMap((s) => s.steps);
            // Every path that passed says what was done and seen, step by step; a skipped one, what it would do.
            if (p.passed) expect(steps.length).toBeGreaterThan(1);
            if (p.skipped) expect(steps.length).toBeGreaterThan(0);
            // Repeats are folded: no step shows more than MAX_UNFOLDED times in a row.
            let run = 1;
            for (let i = 1; i < steps.length; i++) {
              run = steps[i]!.text === steps[i - 1]!.text ? run + 1 : 1;
              expect(run, steps[i]!.text).toBeLessThanOrEqual(MAX_UNFOLDED);
            }
            // Every server answer shows its status, its body (or that it had none) and how to cause it.
            for (const step of steps.filter((s) => s.kind === 'answer')) {
              expect(step.answer?.status, step.text).toMatch(/^\d{3}$/);
              expect(step.answer?.body, step.text).not.toBe('');
              expect(step.answer?.cause, step.text).toMatch(/^How to cause it on a real server: .{10,}/);
            }
          }
        }
        // Tabs by status with their counts; failed paths at the top and open, the others folded, bodies folded.
        const failedCount = paths.filter((p) => !p.passed && !p.skipped).length;
        expect(shown.tabs).toEqual({
          All: String(paths.length),
          Failed: String(failedCount),
          Passed: String(paths.filter((p) => p.passed).length),
          Skipped: String(paths.filter((p) => p.skipped).length),
        });
        expect(shown.failures).toHaveLength(failedCount);
        for (const p of paths) {
          expect(p.open, p.title).toBe(!p.passed && !p.skipped);
          for (const step of p.scenarios.flatMap((s) => s.steps))
            if (step.answer && step.answer.body !== '(no body)') expect(step.answer.folded, step.text).toBe(true);
        }
        // No sideways scroll at 390 px; the full default run's report stays under 15,000 px tall at 1280 px.
        await page.setViewportSize(phone);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
        await page.setViewportSize(desktop);
        if (isDefaultRun(options))
          expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(15_000);
        // The Failed tab shows the failed paths only.
        await page.locator('.tabs a[href="#failed"]').click();
        const failedOnly = await page.evaluate(readReport as () => ReportView);
        expect(failedOnly.tab).toBe('Failed');
        expect(
          Object.values(failedOnly.machines)
            .flatMap((m) => m.paths)
            .filter((p) => !p.hidden).length,
        ).toBe(failedCount);
        await page.locator('.tabs a[href="#all"]').click();
        // The machine filter narrows the report to one machine; its first path, opened, shows on the chart.
        const [first] = Object.keys(written.machines);
        await page.locator('#machine').selectOption(first!);
        const filtered = await page.evaluate(readReport as () => ReportView);
        expect(
          Object.entries(filtered.machines)
            .filter(([, m]) => !m.hidden)
            .map(([n]) => n),
        ).toEqual([first]);
        if (written.machines[first!]!.paths.length) {
          const path = page.locator(`section[data-machine="${first}"] li.path`).first();
          if (!(await path.locator(':scope > details').evaluate((d: HTMLDetailsElement) => d.open)))
            await path.locator(':scope > details > summary').click();
          await path.locator('button.highlight').first().click();
          const lit = (await page.evaluate(readReport as () => ReportView)).machines[first!]!.highlighted;
          const planned = written.machines[first!]!.paths[0]!;
          expect(lit.length).toBeGreaterThan(0);
          expect(lit.every((id) => planned.states.includes(id) || planned.keys.includes(id))).toBe(true);
          await expect
            .poll(() => page.locator(`section[data-machine="${first}"] details.chart-box`).getAttribute('open'))
            .not.toBeNull();
        }
      } finally {
        await page.context().close();
      }
    });
  });
}
