/**
 * `npm run test:paths`: every machine with a path adapter, its paths run through the real app in
 * Chromium (tests/paths/harness.ts). Writes coverage/paths.json and coverage/paths.html.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from '../e2e/browser';
import {
  cancelSubscriptionPaths,
  changeEmailPaths,
  changePasswordPaths,
  deleteAccountPaths,
} from './adapters/account.paths';
import { forgotPasswordPaths, resetPasswordPaths, verifyEmailPaths } from './adapters/auth.paths';
import { sidebarPaths } from './adapters/sidebar.paths';
import {
  pathCoverage,
  pathTitle,
  plannedPaths,
  runPath,
  writeReport,
  type PathAdapter,
  type PathResult,
} from './harness';

const adapters: PathAdapter[] = [
  sidebarPaths,
  forgotPasswordPaths,
  verifyEmailPaths,
  resetPasswordPaths,
  changeEmailPaths,
  changePasswordPaths,
  deleteAccountPaths,
  cancelSubscriptionPaths,
];

const { browser } = setupBrowser();
const results: PathResult[] = [];

afterAll(() => {
  writeReport(Object.fromEntries(adapters.map((a) => [a.name, pathCoverage(a, results)])), results);
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
