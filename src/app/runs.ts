/**
 * The runs tray in the app (RUNS-7 to RUNS-11): the `app.start` that starts it under its system id with its real
 * effects (src/flows/runs/runs.effects.ts) and a test's delays, following the session.
 */
import { notificationPermission, runsLogic } from '../flows/runs/runs.effects';
import type { RunsInput } from '../flows/runs/runs.types';
import { followSession } from '../flows/session/session.effects';
import { systemIds, type AppStart, type RunsActor } from './app.machine';
import { testDelays } from './test-hooks';

export type { RunsActor };

/** The tray follows the session: it reads the runs when signed in and clears them when signed out (RUNS-11). */
export const sessionToRuns = followSession((system, signedIn) =>
  (system.get(systemIds.runs) as RunsActor).send({ type: signedIn ? 'session.signedIn' : 'session.signedOut' }),
);

/** The `app.start` event that starts the tray with these effects and what the browser allows now. */
export const runsStart = (): AppStart<typeof runsLogic> => ({
  type: 'app.start',
  id: systemIds.runs,
  logic: runsLogic.provide({ delays: testDelays('runs') }),
  input: { permission: notificationPermission() } satisfies RunsInput,
  follow: sessionToRuns,
});
