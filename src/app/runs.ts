/**
 * The runs tray's real effects (RUNS-7 to RUNS-11): GET /api/runs and POST /api/runs/{id}/cancel with
 * the session's token (a 401 expires the session, which clears the tray), the browser's Notification for
 * a run that ended while the tab is in the background (only when the person allowed it), and the
 * browser's question, asked from the click on "Notify me" only.
 */
import { fromPromise } from 'xstate';
import { runsMachine } from '../flows/runs/runs.machine';
import { noticeText, type NotifyPermission, type RunsInput } from '../flows/runs/runs.types';
import { loadEndpoints, sessionCredentials } from './api';
import { reportCredits, type SessionActor } from './session';
import { testDelays } from './test-hooks';

import { systemIds, type AppStart } from './app.machine';
import { followSession } from './follow-session';

import type { RunsActor } from './app.machine';

export type { RunsActor };
/** What the tray's view reads of a run (one chunk with the tray's logic). */
export { isActive, noticeText, toolTitle, type RunNotice } from '../flows/runs/runs.types';

/** What this browser allows of notifications now; reading it never asks (RUNS-10). */
export function notificationPermission(): NotifyPermission {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

export const runsLogic = runsMachine.provide({
  actors: {
    listRuns: fromPromise(
      async ({ system, signal }) => (await (await loadEndpoints(sessionCredentials(system))).listRuns({ signal })).runs,
    ),
    cancelRun: fromPromise(async ({ input, system }) => {
      const session = system.get(systemIds.session) as SessionActor;
      const endpoints = await loadEndpoints(sessionCredentials(system));
      const run = await endpoints.cancelRun(input.id);
      // RUNS-8: the credits came back; the balance shown follows through its one path, the session (CREDITS-3).
      endpoints.getCredits().then(
        ({ credits }) => reportCredits(session, credits),
        (error: unknown) => console.error('Failed to fetch credits', error),
      );
      return run;
    }),
    askPermission: fromPromise(async () =>
      'Notification' in window ? await window.Notification.requestPermission() : ('unsupported' as const),
    ),
  },
  actions: {
    notify: (_, { notices }) => {
      if (notificationPermission() !== 'granted' || !document.hidden) return;
      for (const notice of notices) {
        try {
          new window.Notification(noticeText(notice), { tag: `run-${notice.id}` });
        } catch {
          // Some browsers allow notifications only from a service worker: the in-app notice stays.
        }
      }
    },
  },
  delays: testDelays('runs'),
});

/** The tray follows the session: it reads the runs when signed in and clears them when signed out (RUNS-11). */
export const sessionToRuns = followSession((system, signedIn) =>
  (system.get(systemIds.runs) as RunsActor).send({ type: signedIn ? 'session.signedIn' : 'session.signedOut' }),
);

/** The `app.start` event that starts the tray with these effects and what the browser allows now. */
export const runsStart = (): AppStart<typeof runsLogic> => ({
  type: 'app.start',
  id: systemIds.runs,
  logic: runsLogic,
  input: { permission: notificationPermission() } satisfies RunsInput,
  follow: sessionToRuns,
});
