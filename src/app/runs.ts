/**
 * The runs tray's real effects (RUNS-7 to RUNS-11): GET /api/runs and POST /api/runs/{id}/cancel with
 * the session's token (a 401 expires the session, which clears the tray), the browser's Notification for
 * a run that ended while the tab is in the background (only when the person allowed it), and the
 * browser's question, asked from the click on "Notify me" only.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { runsMachine } from '../../machines/runs/runs.machine';
import { noticeText, type NotifyPermission } from '../../machines/runs/runs.types';
import { loadEndpoints, sessionCredentials } from './api';
import { systemIds } from './app.machine';
import { testDelays } from './test-delays';

export type RunsActor = ActorRefFrom<typeof runsMachine>;

/** What this browser allows of notifications now; reading it never asks (RUNS-10). */
export function notificationPermission(): NotifyPermission {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification.permission : 'unsupported';
}

/** Tells the runs tray to read the runs at once (a tool page has just started one). */
export function refreshRuns(system: { get: (systemId: string) => unknown }): void {
  (system.get(systemIds.runs) as RunsActor | undefined)?.send({ type: 'runs.refresh' });
}

export const runsLogic = runsMachine.provide({
  actors: {
    listRuns: fromPromise(
      async ({ system, signal }) => (await (await loadEndpoints(sessionCredentials(system))).listRuns({ signal })).runs,
    ),
    cancelRun: fromPromise(async ({ input, system }) =>
      (await loadEndpoints(sessionCredentials(system))).cancelRun(input.id),
    ),
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
