/**
 * One path test file: each adapter's planned paths run through the real app in Chromium
 * (tests/paths/harness.ts), then a check that every transition was walked except the ones the
 * adapter explains. The files (tests/paths/*.paths.test.ts) run side by side in the e2e project;
 * `npm run test:paths` runs them all and each adds its results to coverage/paths.json and
 * coverage/paths.html (writeReport).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from '../e2e/browser';
import {
  pathCoverage,
  pathTitle,
  plannedPaths,
  runPath,
  writeReport,
  type PathAdapter,
  type PathResult,
} from './harness';

export function pathSuite(file: string, adapters: PathAdapter[]): void {
  const { browser } = setupBrowser();
  const results: PathResult[] = [];

  afterAll(() => {
    writeReport({
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
  });

  for (const adapter of adapters) {
    describe(`${adapter.name}: paths through the app`, () => {
      for (const planned of plannedPaths(adapter)) {
        it(pathTitle(planned), async () => {
          const context = await browser().newContext({ baseURL: baseUrl(), reducedMotion: 'reduce' });
          try {
            const result = await runPath(adapter, planned, await context.newPage());
            results.push(result);
            expect(result.error ?? null, result.steps.join('\n')).toBeNull();
          } finally {
            await context.close();
          }
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
}
