/**
 * The tool pages' runs (RUNS-12, RUNS-13): the app, not the page, keeps each tool page's run. The first
 * visit to a tool page opens its run here, an actor of the app's actor system (this keeper's child `pageRunId(key)`);
 * leaving the page leaves it working, and coming back shows it as it stands: the form as typed, its
 * progress, its result or its error. A sign-out (the account deleted, an expired session) stops every
 * one, aborting what is in flight, so the next account starts from blank forms.
 *
 * The runs' logic comes with `pageRuns.open` (the tool page's chunk brings it with its effects), so this
 * keeper knows nothing of tools and weighs nothing on the first load.
 */
import { assign, enqueueActions, setup, type AnyActorLogic } from 'xstate';
import { facts } from '../shared/meta';

/** The id of a tool page's run among the keeper's children. */
export const pageRunId = (key: string): string => `pageRun:${key}`;

export interface PageRunsContext {
  /** The system ids of the runs kept, in the order their pages were first opened. */
  open: readonly string[];
}

export type PageRunsEvent =
  /** A tool page shows: its run is opened (with this logic and input) unless it is kept already. */
  | { type: 'pageRuns.open'; key: string; logic: AnyActorLogic; input: unknown }
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' };

export const pageRunsMachine = setup({
  types: {
    context: {} as PageRunsContext,
    events: {} as PageRunsEvent,
  },
  actions: {
    /**
     * Spawns the page's run with the logic and input the page sent, unless it is kept already: its page
     * then shows that run as it stands.
     */
    openRun: enqueueActions(({ enqueue, context, event }) => {
      if (event.type !== 'pageRuns.open' || context.open.includes(pageRunId(event.key))) return;
      // xstate types an id only for a source named in setup(); this logic comes with the event.
      const spawn = enqueue.spawnChild as (logic: AnyActorLogic, options: object) => void;
      spawn(event.logic, { id: pageRunId(event.key), input: event.input });
      enqueue.assign({ open: ({ context }) => [...context.open, pageRunId(event.key)] });
    }),
  },
  guards: {
    notOpen: ({ context, event }) => event.type === 'pageRuns.open' && !context.open.includes(pageRunId(event.key)),
  },
}).createMachine({
  id: 'pageRuns',
  description:
    "The tool pages' runs, kept by the app: a run goes on when its page is left and shows again when it is reopened.",
  meta: facts({
    rules: ['RUNS-12', 'RUNS-13'],
    sends: ['pageRuns.open', 'session.signedIn', 'session.signedOut'],
  }),
  context: { open: [] },
  initial: 'signedOut',
  // A visitor's page and an account's page alike: its run is spawned once and kept.
  on: { 'pageRuns.open': { actions: 'openRun' } },
  states: {
    signedOut: {
      description: "A visitor's tool pages: each keeps its form as typed while the visitor goes elsewhere",
      meta: facts({
        rules: ['RUNS-12'],
        sees: [{ kind: 'pages', says: 'each tool page opened shows its form as it was left' }],
        ignores: [{ events: ['session.signedOut'], why: 'No account is signed in: there is nothing of one to clear.' }],
      }),
      on: { 'session.signedIn': { target: 'signedIn' } },
    },
    signedIn: {
      description: "The account's tool pages: a run started on one goes on elsewhere and shows again on its page",
      meta: facts({
        rules: ['RUNS-12'],
        sees: [
          {
            kind: 'pages',
            says: 'each tool page opened shows its run as it stands: the form as typed, its progress, result or error',
          },
        ],
        ignores: [{ events: ['session.signedIn'], why: 'Already keeping this account’s runs.' }],
      }),
      on: {
        // RUNS-13: every run of the account stops (what is in flight is aborted), and its pages start blank.
        'session.signedOut': {
          target: 'signedOut',
          meta: facts({ rules: ['RUNS-13'] }),
          actions: enqueueActions(({ enqueue, context }) => {
            for (const id of context.open) enqueue.stopChild(id);
            enqueue(assign({ open: [] }));
          }),
        },
      },
    },
  },
});

export type PageRunsMachine = typeof pageRunsMachine;
