/**
 * Shorter named delays for the path tests (tests/paths). A path test that must walk a delayed transition
 * (checkout-return polling, the startup time-out, the register notice, a tool run's progress ticks, status
 * checks, retries and time-outs) sets localStorage 'atelier:test-delays' to
 * `{ "<machine id>": { "<delay name>": ms } }` before the page loads; the flows merge it over their machine's
 * own delays. The one production build carries this read (no build flag): without the key, as for everyone
 * but a path test, every machine keeps its own values, and a person who sets it changes only their own
 * browser's timers.
 */

export const TEST_DELAYS_KEY = 'atelier:test-delays';

/** The delays a path test set for `machine` on this page; `{}` when none was set. */
export function testDelays(machine: string): Record<string, number> {
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
