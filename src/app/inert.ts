/**
 * The root actor with inert effects: a visitor with nothing stored, the default theme, no runs, no
 * navigation. Tests and the flows viewer start from it and provide what they need, the same way
 * create-app.ts provides the real effects.
 */
import { fromPromise } from 'xstate';
import { runsMachine } from '../flows/runs/runs.machine';
import type { NotifyPermission, Run } from '../flows/runs/runs.types';
import { sessionMachine } from '../flows/session/session.machine';
import { themeMachine } from '../flows/theme/theme.machine';
import type { ThemeName } from '../themes/names';
import { appMachine, systemIds } from './app.machine';
import { sessionToRuns } from './runs';

/** A runs tray whose account has no runs. */
export const inertRuns = runsMachine.provide({
  actors: {
    listRuns: fromPromise<readonly Run[]>(async () => []),
    cancelRun: fromPromise<unknown, { id: string }>(async () => undefined),
    askPermission: fromPromise<NotifyPermission>(async () => 'unsupported'),
  },
});

export const inertAppLogic = appMachine.provide({
  actors: {
    session: sessionMachine.provide({ actors: { readToken: fromPromise<string | null>(async () => null) } }),
    theme: themeMachine.provide({
      actors: {
        readStoredTheme: fromPromise<string | null>(async () => null),
        loadRemoteTheme: fromPromise<string | null>(async () => null),
        saveRemoteTheme: fromPromise<void, { theme: ThemeName }>(async () => undefined),
      },
    }),
  },
  actions: {
    navigate: () => {},
    loadRuns: ({ self }) =>
      self.send({
        type: 'app.start',
        id: systemIds.runs,
        logic: inertRuns,
        input: { permission: 'unsupported' },
        follow: sessionToRuns,
      }),
  },
});
