/**
 * One path test file: each adapter's planned paths run through the real app in Chromium
 * (tests/paths/harness.ts), then a check that every transition was walked except the ones the
 * adapter explains. The files (tests/paths/*.paths.test.ts) run side by side in the e2e project;
 * `npm run test:paths` runs them all and each adds its results to coverage/paths.json and
 * coverage/paths.html (writeReport).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from '../e2e/browser';
import { pathGroups, type PathGroup } from './adapters';
import {
  allPaths,
  pathCoverage,
  pathTitle,
  plannedPaths,
  runPath,
  writeReport,
  type FileReport,
  type PathAdapter,
  type PathResult,
  type PlannedPath,
} from './harness';
import { readReport, type ReportView } from './report';
import { ReusedPage } from './reused-page';

/** `npm run test:paths:all` sets this: the simple paths run too (harness.ts allPaths), not only the planned ones. */
const everyPath = process.env['ATELIER_PATHS'] === 'all';

/** The paths to run for an adapter: the planned ones, or with ATELIER_PATHS=all every simple path too (and what it counted). */
function pathsOf(adapter: PathAdapter): PlannedPath[] {
  if (!everyPath) return plannedPaths(adapter);
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

export function pathSuite(file: PathGroup): void {
  const adapters: PathAdapter[] = pathGroups[file];
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
            paths: mine.map((r) => ({
              title: pathTitle(r.planned),
              steps: r.steps,
              passed: r.passed,
              ...(r.error ? { error: r.error } : {}),
            })),
          },
        ];
      }),
    ),
  });

  // Also when a filter (-t) leaves out the report's own test below.
  afterAll(() => writeReport(report()));

  for (const adapter of adapters) {
    describe(`${adapter.name}: paths through the app`, () => {
      for (const planned of pathsOf(adapter)) {
        it(pathTitle(planned), async () => {
          const result = await runPath(adapter, planned, await pages.take()).finally(() => pages.release());
          results.push(result);
          expect(result.error ?? null, result.steps.join('\n')).toBeNull();
        });
      }
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
    it("writes coverage/paths.html, which opens from disk and lists this file's machines and their paths as steps", async () => {
      const written = report();
      writeReport(written);
      const page = await (await browser().newContext()).newPage();
      try {
        await page.goto(pathToFileURL(resolve(join('coverage', 'paths.html'))).href);
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
