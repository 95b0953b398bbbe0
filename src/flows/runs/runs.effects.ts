/**
 * The runs tray's real effects (RUNS-7 to RUNS-11): GET /api/runs and POST /api/runs/{id}/cancel with
 * the session's token (a 401 expires the session, which clears the tray), the browser's Notification for
 * a run that ended while the tab is in the background (only when the person allowed it), and the
 * browser's question, asked from the click on "Notify me" only. The app starts the tray with them
 * (`runsStart`, src/app/runs.ts) once its view shows.
 */
import { fromPromise } from 'xstate';
import { reportCredits, type SessionActor } from '../session/session.effects';
import { loadEndpoints, sessionCredentials } from '../shared/api.effects';
import { systemIds } from '../shared/system-ids';
import { runsMachine } from './runs.machine';
import { noticeText, type NotifyPermission } from './runs.types';

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
});
