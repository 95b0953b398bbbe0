/**
 * The runs tray's real effects (RUNS-7 to RUNS-11): GET /api/runs and POST /api/runs/{id}/cancel with
 * the session's token (a 401 expires the session, which clears the tray), the browser's Notification for
 * a run that ended while the tab is in the background (only when the person allowed it), and the
 * browser's question, asked from the click on "Notify me" only.
 */
import { fromCallback, fromPromise } from 'xstate';
import { runsMachine } from '../../machines/runs/runs.machine';
import { noticeText, type NotifyPermission } from '../../machines/runs/runs.types';
import { loadEndpoints, sessionCredentials } from './api';
import { dispatchCredits } from './session';
import { testDelays } from './test-delays';

import { systemIds, type AppRunsStart } from './app.machine';

import type { RunsActor } from './app.machine';
import type { SessionActor } from './session';

export type { RunsActor };
/** What the tray's view reads of a run (one chunk with the tray's logic). */
export { isActive, noticeText, toolTitle, type RunNotice } from '../../machines/runs/runs.types';

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
      const endpoints = await loadEndpoints(sessionCredentials(system));
      const run = await endpoints.cancelRun(input.id);
      // RUNS-8: the credits came back; the balance shown follows through its one path (CREDITS-3).
      endpoints.getCredits().then(
        ({ credits }) => dispatchCredits(window, credits),
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

/**
 * The tray follows the session: it reads the runs when signed in and clears them when signed out (RUNS-11).
 * It starts after the sign-in (its view shows only then), so it is told first where the session stands now.
 */
export const sessionToRuns = fromCallback(({ system }) => {
  const session = system.get(systemIds.session) as SessionActor;
  const runs = system.get(systemIds.runs) as RunsActor;
  let signedIn: boolean | null = null;
  const follow = (snapshot: ReturnType<SessionActor['getSnapshot']>) => {
    if (snapshot.hasTag('loading')) return;
    const now = snapshot.hasTag('signedIn');
    if (now === signedIn) return;
    signedIn = now;
    runs.send({ type: now ? 'session.signedIn' : 'session.signedOut' });
  };
  follow(session.getSnapshot());
  const sub = session.subscribe(follow);
  return () => sub.unsubscribe();
});

/** The `app.runs` event that starts the tray with these effects and what the browser allows now. */
export const runsStart = (): AppRunsStart => ({
  type: 'app.runs',
  logic: runsLogic,
  input: { permission: notificationPermission() },
  follow: sessionToRuns,
});
