/**
 * What a test may give the page before it starts (Playwright's `addInitScript` sets `window.__atelierTest`):
 * - `delays`: shorter named delays by machine id, `{ "<machine id>": { "<delay name>": ms } }`, for the path
 *   tests (tests/paths/harness.ts `pathDelays`, `fixedDelays`): a path that must walk a delayed transition
 *   (checkout-return polling, the startup time-out, the register notice, a tool run's progress ticks, status
 *   checks, retries and time-outs) waits little real time. The flows merge them over their machine's own.
 * - `inspect`: one more observer of the app's actors, the suite's dropped-event report (tests/e2e/dropped-report.ts).
 * The one production build carries this read, and no build flag: on a page no test touched there is no hook,
 * and every machine keeps its own delays.
 */
import type { InspectionEvent } from 'xstate';

export interface TestHooks {
  delays?: Record<string, Record<string, number>>;
  inspect?: (event: InspectionEvent) => void;
}

declare global {
  interface Window {
    __atelierTest?: TestHooks;
  }
}

/** What a test gave this page; nothing outside a test (or in the prerender, which has no window). */
export const testHooks = (): TestHooks => (typeof window === 'undefined' ? {} : (window.__atelierTest ?? {}));

/** The delays a path test set for `machine` on this page; `{}` when none was set. */
export const testDelays = (machine: string): Record<string, number> => testHooks().delays?.[machine] ?? {};
