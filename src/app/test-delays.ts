/**
 * Shorter named delays for the path tests (tests/paths), in the end-to-end build only. A path test
 * that must walk a delayed transition (checkout-return polling, the startup time-out, the register
 * notice, a tool run's progress ticks, status checks, retries and time-outs) sets localStorage
 * 'atelier:test-delays' to `{ "<machine id>": { "<delay name>": ms } }` before the page loads; the
 * flows below merge it over their machine's own delays. The flag is
 * `__TEST_DELAYS__` (vite.config.ts: true only with ATELIER_E2E_BUILD=1): production and development
 * builds compile this to `{}` and keep the machines' values; other e2e tests set nothing, so they
 * see the production values too.
 */
declare const __TEST_DELAYS__: boolean;

export const TEST_DELAYS_KEY = 'atelier:test-delays';

/** The delays a path test set for `machine` on this page; `{}` outside the end-to-end build. */
export function testDelays(machine: string): Record<string, number> {
  if (typeof __TEST_DELAYS__ === 'undefined' || !__TEST_DELAYS__) return {};
  try {
    const all: unknown = JSON.parse(window.localStorage.getItem(TEST_DELAYS_KEY) ?? '{}');
    const mine = typeof all === 'object' && all !== null ? (all as Record<string, unknown>)[machine] : undefined;
    if (typeof mine !== 'object' || mine === null) return {};
    return Object.fromEntries(
      Object.entries(mine).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  } catch {
    return {};
  }
}
