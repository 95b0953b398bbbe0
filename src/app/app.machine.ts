/**
 * The root actor: one actor system for the app's long-lived actors. It invokes the session, the
 * theme and the sidebar under system ids, so any actor reaches them with `system.get('session')`
 * and any view with `useSession()` (provider.tsx). The runs tray joins them under its id when its view
 * first shows, which is once someone has signed in (`app.runs.load`, then `app.start`): its machine and
 * effects come in that view's chunk, out of the first load; the tool pages' runs join the same way when
 * the first tool page shows (`app.start` from its chunk); once both have started, the root adds the wiring that
 * tells the tool pages' runs what the tray lists (`runsToPageRuns`, RUNS-14). Its defaults are the machines' own (effects
 * that throw 'not provided'); create-app.ts provides the real effects, tests and the flows viewer
 * inert or fake ones (inert.ts), the same way: `appMachine.provide({ actors, actions })`.
 */
import { enqueueActions, fromCallback, setup, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import type { runsMachine } from '../flows/runs/runs.machine';
import type { Run } from '../flows/runs/runs.types';
import { sessionMachine } from '../flows/session/session.machine';
import type { FlowNavigateParams } from '../flows/shared/flow.effects';
import { systemIds } from '../flows/shared/system-ids';
import { sidebarMachine } from '../flows/sidebar/sidebar.machine';
import { themeMachine } from '../flows/theme/theme.machine';
import { notProvided } from '../flows/shared/errors';
import type { SessionActor } from '../flows/session/session.effects';

/** The system ids of the long-lived actors (they live with the flows, whose effects reach them too). */
export { systemIds };

export interface AppInput {
  /** The first viewport width (the sidebar chooses desktop or drawer from it). */
  width: number;
}

/** A navigation a flow asks for (src/flows/shared/flow.effects.ts). */
export type AppNavigateParams = FlowNavigateParams;

export type RunsLogic = typeof runsMachine;
export type RunsActor = ActorRefFrom<RunsLogic>;

export type AppEvent =
  | ({ type: 'app.navigate' } & AppNavigateParams)
  /**
   * The runs tray's view has mounted (someone is signed in), in a chunk with the tray's logic and real
   * effects (`start`, src/app/runs.ts): `loadRuns` chooses the logic that starts.
   */
  | { type: 'app.runs.load'; start: () => AppStart<RunsLogic> }
  /** A long-lived actor whose logic comes in a later chunk: it starts once, under its system id, following the session. */
  | AppStart;

export interface AppStart<TLogic extends AnyActorLogic = AnyActorLogic> {
  type: 'app.start';
  /** Its system id (systemIds): the runs tray, the tool pages' runs. */
  id: string;
  logic: TLogic;
  input: unknown;
  /** What tells it the session's sign-ins and sign-outs (RUNS-11, RUNS-13). */
  follow: AnyActorLogic;
}

/** The theme actor as the wiring uses it (its own events: the runs tray takes the session's too). */
type ThemeTarget = Pick<ActorRefFrom<typeof themeMachine>, 'send'>;

/** The theme follows the session: its server theme is loaded and saved only when signed in. */
export function forwardSessionToTheme(session: SessionActor, theme: ThemeTarget): () => void {
  let signedIn: boolean | null = null;
  const sub = session.subscribe((snapshot) => {
    if (snapshot.hasTag('loading')) return;
    const now = snapshot.hasTag('signedIn');
    if (now !== signedIn) {
      signedIn = now;
      theme.send({ type: now ? 'session.signedIn' : 'session.signedOut' });
    }
  });
  return () => sub.unsubscribe();
}

/** What the wiring reads of an actor: its snapshot, and each change of it. */
interface Watched<TSnapshot> {
  getSnapshot: () => TSnapshot;
  subscribe: (observer: () => void) => { unsubscribe: () => void };
}
type Listed = { type: 'tool.listed'; runs: readonly Run[] };
type KeptRun = { getSnapshot: () => { can: (event: Listed) => boolean }; send: (event: Listed) => void };

/**
 * RUNS-14: each tool page's run kept (the keeper's children) is told the runs the tray lists (`tool.listed`), as
 * the list changes and as a run is opened. Whether it follows one is the run's own guard (its first form, blank):
 * the wiring sends only what the run can take now, so a run that has left its first form hears nothing more.
 */
export function forwardRunsToPageRuns(
  tray: Watched<{ context?: { runs?: readonly Run[] } }>,
  keeper: Watched<{ children: Record<string, unknown> }>,
): () => void {
  const tell = () => {
    const event: Listed = { type: 'tool.listed', runs: tray.getSnapshot().context?.runs ?? [] };
    for (const run of Object.values(keeper.getSnapshot().children) as KeptRun[])
      if (run.getSnapshot().can(event)) run.send(event);
  };
  const subs = [tray.subscribe(tell), keeper.subscribe(tell)];
  tell();
  return () => subs.forEach((sub) => sub.unsubscribe());
}

/** The pair of long-lived actors the runs' wiring joins: the other one's id, or null for any other actor. */
const pairedWith = (id: string): string | null =>
  id === systemIds.runs ? systemIds.pageRuns : id === systemIds.pageRuns ? systemIds.runs : null;

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
    events: {} as AppEvent,
  },
  actors: {
    session: sessionMachine,
    theme: themeMachine,
    sidebar: sidebarMachine,
    /** Wiring inside the system (not an effect): the same in the app, the tests and the viewer. */
    sessionToTheme: fromCallback(({ system }) =>
      forwardSessionToTheme(system.get(systemIds.session), system.get(systemIds.theme)),
    ),
    /** Wiring too: the runs the tray lists reach the tool pages' runs (RUNS-14), once both have started. */
    runsToPageRuns: fromCallback(({ system }) =>
      forwardRunsToPageRuns(system.get(systemIds.runs), system.get(systemIds.pageRuns)),
    ),
    /**
     * Sources of outside events: window 'creditsUpdated' → session, resize → sidebar. The app
     * provides the browser's; without them the system hears nothing from outside.
     */
    browserEvents: fromCallback(() => {}),
  },
  actions: {
    /** Client-side navigation (the router); flows ask for it with `app.navigate`. */
    navigate: (_, _params: AppNavigateParams) => notProvided('navigate'),
    /** Starts the runs tray: sends `app.runs` with its logic (the app: the real one the view's chunk brings). */
    loadRuns: () => notProvided('loadRuns'),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { id: systemIds.session, systemId: systemIds.session, src: 'session' },
    { id: systemIds.theme, systemId: systemIds.theme, src: 'theme' },
    {
      id: systemIds.sidebar,
      systemId: systemIds.sidebar,
      src: 'sidebar',
      input: ({ context }) => ({ width: context.width }),
    },
    { id: 'sessionToTheme', src: 'sessionToTheme' },
    { id: 'browserEvents', src: 'browserEvents' },
  ],
  on: {
    'app.runs.load': { actions: 'loadRuns' },
    'app.start': {
      actions: enqueueActions(({ enqueue, event, system }) => {
        if (system.get(event.id)) return;
        // xstate types an id only for a source named in setup(); this logic comes with the event.
        const spawn = enqueue.spawnChild as (logic: AnyActorLogic, options: object) => void;
        spawn(event.logic, { id: event.id, systemId: event.id, input: event.input });
        spawn(event.follow, {});
        const other = pairedWith(event.id);
        if (other !== null && system.get(other)) enqueue.spawnChild('runsToPageRuns', { id: 'runsToPageRuns' });
      }),
    },
    'app.navigate': {
      actions: {
        type: 'navigate',
        params: ({ event }) => ({
          to: event.to,
          ...(event.message ? { message: event.message } : {}),
          ...(event.replace ? { replace: true } : {}),
        }),
      },
    },
  },
});
