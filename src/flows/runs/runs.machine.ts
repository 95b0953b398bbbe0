/**
 * The runs tray (RUNS-7 to RUNS-11): the account's runs queued, in progress and lately finished, as
 * GET /api/runs answers them. Read on sign-in, read again every REFRESH_MS while a listed run is still
 * queued or in progress, and at once when a tool page starts a run (`runs.refresh`). A run that was
 * active at one read and has ended at the next becomes a notice (and, through the app's `notify`, a
 * browser notification when the person allowed them). Cancel asks the server, then reads again. Signing
 * out (a sign-out, the account deleted, an expired session) clears everything: another account never
 * sees them. A run a page in view shows ends there, not in a notice (RUNS-21); a batch is one notice once its
 * runs have all ended (RUNS-22); a notice closes by itself after NOTICE_MS unless the pointer or the focus is on
 * the notices (RUNS-23).
 */
import { assign, fromPromise, setup } from 'xstate';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';
import {
  addNotices,
  isActive,
  noticesOf,
  stillStarted,
  noticeOf,
  type NotifyPermission,
  type Run,
  type RunNotice,
  type RunsContext,
  type RunsEvent,
  type RunsInput,
} from './runs.types';

export const LOAD_FAILED = 'Failed to load your runs. Please try again.';
export const CANCEL_FAILED = 'Failed to cancel the run. Please try again.';
/** RUNS-7: how often the tray reads the runs again while one of them is queued or in progress. */
export const REFRESH_MS = 3_000;
/** RUNS-23: how long a notice shows before it closes by itself. */
export const NOTICE_MS = 6_000;

const cleared = {
  runs: [],
  notices: [],
  canceling: null,
  error: null,
  started: {},
  shown: [],
  batches: [],
  fresh: false,
} as const;

/** RUNS-23: what the notices region shows. */
const noticesSight = {
  kind: 'notices',
  says: 'each notice shown with its words and Dismiss (a batch’s with its picture and Open); they close by themselves after the pause',
} as const;

/** The notices' own controls: Dismiss, and the pointer or the focus on them (RUNS-23). */
const noticeEvents = ['runs.notice.dismiss', 'runs.notice.hold', 'runs.notice.release'];
/** What tool pages tell the tray: a run or a batch started, the runs a page in view shows (RUNS-21, RUNS-22). */
const pageEvents = ['runs.batch', 'runs.shown', 'runs.unshown'];
/** The events of the tray's own controls, ignored where no tray is shown. */
const trayEvents = ['runs.refresh', 'runs.cancel', 'runs.notify.allow', ...noticeEvents, ...pageEvents];

/**
 * A read's answer over the list shown: the runs replaced, and a notice for each run that was active at
 * the previous read and has ended at this one (RUNS-9), told the app first (`notify`), while the runs
 * shown are still the previous read's.
 */
const readRuns = (target: string) => [
  {
    guard: { type: 'endsSome' as const, params: ({ event }: { event: { output: readonly Run[] } }) => event },
    target,
    actions: [
      {
        type: 'notify' as const,
        params: ({ context, event }: { context: RunsContext; event: { output: readonly Run[] } }) => ({
          notices: noticesOf(context, event.output).notices,
        }),
      },
      'takeRuns' as const,
    ],
  },
  { target, actions: 'takeRuns' as const },
];

export const runsMachine = setup({
  types: {
    context: {} as RunsContext,
    events: {} as RunsEvent,
    input: {} as RunsInput,
  },
  actors: {
    /** GET /api/runs: the account's runs, newest first. */
    listRuns: fromPromise<readonly Run[]>(async () => notProvided('listRuns')),
    /** POST /api/runs/{id}/cancel. */
    cancelRun: fromPromise<unknown, { id: string }>(async () => notProvided('cancelRun')),
    /** Asks the browser for notifications (from a click only); answers what it allows. */
    askPermission: fromPromise<NotifyPermission>(async () => notProvided('askPermission')),
  },
  actions: {
    /** The runs of a read replace those shown; each run ended since the previous read becomes a notice (RUNS-9). */
    takeRuns: assign(({ context, event }) => {
      const runs = (event as unknown as { output: readonly Run[] }).output;
      const { notices, closed } = noticesOf(context, runs);
      return {
        runs,
        notices: addNotices(context.notices, notices),
        started: stillStarted(context.started, runs),
        batches: context.batches.filter((b) => !closed.includes(b)),
        fresh: context.fresh || notices.length > 0,
        error: null,
      };
    }),
    /**
     * RUNS-21, RUNS-22: a batch's runs are watched until a read shows each ended, remembered together for one
     * notice, and shown on their page in view until it says otherwise (`runs.unshown`).
     */
    watchBatch: assign(({ context, event }) => {
      if (event.type !== 'runs.batch' || event.ids.length === 0) return {};
      return {
        started: { ...context.started, ...Object.fromEntries(event.ids.map((id) => [id, 0])) },
        // The same runs told again (a start tried again answers the same batch) stay one batch.
        batches: [...context.batches.filter((b) => !b.ids.some((id) => event.ids.includes(id))), { ids: event.ids }],
        shown: [...context.shown.filter((id) => !event.ids.includes(id)), ...event.ids],
      };
    }),
    /** RUNS-9: a run a tool page has just started is watched until a read shows it ended. */
    watchStarted: assign({
      started: ({ context, event }) =>
        event.type === 'runs.refresh' && event.started ? { ...context.started, [event.started]: 0 } : context.started,
    }),
    /** Tells the person of runs that ended (the app: a browser notification while the tab is hidden, if allowed). */
    notify: (_, _params: { notices: readonly RunNotice[] }) => {},
  },
  guards: {
    /** RUNS-9: a read in which a run active at the previous one has ended, to be told (RUNS-21, RUNS-22). */
    endsSome: ({ context }, params: { output: readonly Run[] }) => noticesOf(context, params.output).notices.length > 0,
    /** RUNS-7: a listed run is still queued or in progress, or one started here has not been seen ended. */
    anyActive: ({ context }) => context.runs.some(isActive) || Object.keys(context.started).length > 0,
    /** RUNS-8: Cancel is offered on a listed run that is queued or in progress. */
    cancelable: ({ context }, params: { id: string }) => context.runs.some((r) => r.id === params.id && isActive(r)),
    /** RUNS-10: the browser has not been asked yet. */
    mayAsk: ({ context }) => context.permission === 'default',
    /** RUNS-23: a notice shows (its pause runs). */
    anyNotice: ({ context }) => context.notices.length > 0,
    /** RUNS-23: a notice came since the pause started (it starts again), or none is left to close. */
    restarts: ({ context }) => context.fresh || context.notices.length === 0,
  },
  delays: {
    /** RUNS-7: the pause between two reads while a run is queued or in progress. */
    refreshInterval: REFRESH_MS,
    /** RUNS-23: how long the notices show before they close by themselves. */
    noticeDelay: NOTICE_MS,
  },
}).createMachine({
  id: 'runs',
  description: "The runs tray: the account's runs queued, in progress and lately finished, and a notice when one ends.",
  meta: facts({
    rules: ['RUNS-7', 'RUNS-8', 'RUNS-9', 'RUNS-10', 'RUNS-11', 'RUNS-21', 'RUNS-22', 'RUNS-23'],
    sends: ['session.signedIn', 'session.signedOut', ...trayEvents],
  }),
  context: ({ input }) => ({ ...cleared, permission: input.permission ?? 'unsupported' }),
  initial: 'signedOut',
  states: {
    signedOut: {
      description: 'No account: no tray, no runs, no notices',
      meta: facts({
        rules: ['RUNS-11'],
        sees: [{ kind: 'noTray', says: 'no Runs button and no notices' }],
        ignores: [{ events: ['session.signedOut', ...trayEvents], why: 'Only a signed-in person has a tray.' }],
      }),
      on: { 'session.signedIn': { target: 'signedIn' } },
    },
    signedIn: {
      description: "The account's tray: its list of runs, and the notifications asked for from a click",
      type: 'parallel',
      meta: facts({
        ignores: [{ events: ['session.signedIn'], why: 'Already showing this account’s runs.' }],
      }),
      on: {
        // RUNS-11: a sign-out, a deleted account and an expired session all end here.
        'session.signedOut': { target: 'signedOut', actions: assign(cleared) },
        'runs.notice.dismiss': {
          actions: assign({ notices: ({ context, event }) => context.notices.filter((n) => n.id !== event.id) }),
        },
        // RUNS-21: a tool page in view shows its run (opened while the run works, or its start answered there).
        'runs.shown': {
          actions: assign({
            shown: ({ context, event }) => [...context.shown.filter((id) => !event.ids.includes(id)), ...event.ids],
          }),
          meta: facts({ rules: ['RUNS-21'] }),
        },
        'runs.unshown': {
          actions: assign({ shown: ({ context, event }) => context.shown.filter((id) => !event.ids.includes(id)) }),
          meta: facts({ rules: ['RUNS-21'] }),
        },
      },
      states: {
        list: {
          description: 'The runs as the server last listed them',
          initial: 'loading',
          meta: facts({
            ignores: [
              { events: ['runs.notify.allow'], why: 'The notifications region answers it.' },
              { events: ['runs.notice.hold', 'runs.notice.release'], why: 'The notices region answers them.' },
            ],
          }),
          states: {
            loading: {
              description: 'Reading the runs of the account just signed in',
              tags: ['loading'],
              meta: facts({
                rules: ['RUNS-5'],
                sees: [{ kind: 'tray', says: 'the Runs button; its panel says Loading...' }],
                ignores: [{ events: ['runs.cancel'], why: 'No run is listed yet.' }],
              }),
              // The read under way may miss a run started now: it is watched, and read again after the pause.
              on: {
                'runs.refresh': { actions: 'watchStarted' },
                'runs.batch': { actions: 'watchBatch', meta: facts({ rules: ['RUNS-22'] }) },
              },
              invoke: {
                id: 'loadRuns',
                src: 'listRuns',
                // The first read of an account: nothing was listed before it, so nothing has ended since.
                onDone: { target: 'ready', actions: 'takeRuns' },
                onError: {
                  target: 'failed',
                  actions: assign({ error: ({ event }) => messageOf(event.error, LOAD_FAILED) }),
                },
              },
            },
            ready: {
              description: 'The runs newest first, each with its state; Cancel on those queued or in progress',
              meta: facts({
                rules: ['RUNS-5', 'RUNS-8'],
                sees: [
                  {
                    kind: 'tray',
                    says: 'the Runs button with the number active; its side panel (a sheet on phones), beside a page still usable, lists the runs: a bar on each one working, its place on each queued, the time taken, a thumbnail on a finished image',
                  },
                ],
              }),
              // A run started while a read or a cancel is under way is watched (the read under way may miss it), and
              // a later read lists it; idle reads at once instead.
              on: {
                'runs.refresh': { actions: 'watchStarted' },
                'runs.batch': { actions: 'watchBatch', meta: facts({ rules: ['RUNS-22'] }) },
              },
              initial: 'idle',
              states: {
                idle: {
                  description: 'The runs as last read; while one is queued or in progress, read again after a pause',
                  meta: facts({ rules: ['RUNS-7'] }),
                  after: { refreshInterval: { guard: 'anyActive', target: 'refreshing' } },
                  on: {
                    'runs.refresh': { target: 'refreshing', actions: 'watchStarted' },
                    'runs.batch': { target: 'refreshing', actions: 'watchBatch', meta: facts({ rules: ['RUNS-22'] }) },
                    'runs.cancel': {
                      guard: { type: 'cancelable', params: ({ event }) => event },
                      target: 'canceling',
                      actions: assign({ canceling: ({ event }) => event.id }),
                    },
                  },
                },
                refreshing: {
                  description:
                    'Reading the runs again in the background; a failed read is tried again after the next pause',
                  meta: facts({
                    rules: ['RUNS-7', 'RUNS-9'],
                  }),
                  invoke: {
                    id: 'refreshRuns',
                    src: 'listRuns',
                    onDone: readRuns('idle'),
                    // Not worth a notice: the list shown is still right as far as it goes.
                    onError: { target: 'idle' },
                  },
                  on: {
                    'runs.cancel': {
                      guard: { type: 'cancelable', params: ({ event }) => event },
                      target: 'canceling',
                      actions: assign({ canceling: ({ event }) => event.id }),
                    },
                  },
                },
                canceling: {
                  description: 'Asking the server to cancel the run; then the runs are read again',
                  meta: facts({
                    rules: ['RUNS-8'],
                    sees: [{ kind: 'canceling', says: "the run's Cancel button says Canceling... and is disabled" }],
                    ignores: [
                      { events: ['runs.cancel'], why: 'One cancel at a time: every Cancel is disabled meanwhile.' },
                    ],
                  }),
                  invoke: {
                    id: 'cancelRun',
                    src: 'cancelRun',
                    input: ({ context }) => ({ id: context.canceling ?? '' }),
                    onDone: { target: 'refreshing', actions: assign({ canceling: null }) },
                    onError: {
                      target: 'idle',
                      // The server's reason ('This run has already finished.') as a notice about that run.
                      actions: assign(({ context, event }) => {
                        const run = context.runs.find((r) => r.id === context.canceling);
                        const notice = run ? [noticeOf(run, messageOf(event.error, CANCEL_FAILED))] : [];
                        return { canceling: null, notices: addNotices(context.notices, notice), fresh: true };
                      }),
                    },
                  },
                },
              },
            },
            failed: {
              description: 'The first read failed: the panel says why, with Try again',
              meta: facts({
                sees: [{ kind: 'failed', says: "the panel shows the server's message, with Try again" }],
                ignores: [{ events: ['runs.cancel'], why: 'No run is listed.' }],
              }),
              on: {
                'runs.refresh': { target: 'loading', actions: [assign({ error: null }), 'watchStarted'] },
                'runs.batch': {
                  target: 'loading',
                  actions: [assign({ error: null }), 'watchBatch'],
                  meta: facts({ rules: ['RUNS-22'] }),
                },
              },
            },
          },
        },
        notify: {
          description: 'Browser notifications: asked for only from a click on "Notify me" (RUNS-10)',
          initial: 'idle',
          meta: facts({
            ignores: [
              { events: ['runs.refresh', 'runs.cancel', 'runs.batch'], why: 'The list region answers them.' },
              { events: ['runs.notice.hold', 'runs.notice.release'], why: 'The notices region answers them.' },
            ],
          }),
          states: {
            idle: {
              description: 'What the browser allows is known; "Notify me" shows while it has not been asked',
              meta: facts({
                rules: ['RUNS-10'],
                sees: [
                  {
                    kind: 'notifyMe',
                    says: 'the panel offers Notify me when runs finish while the browser has not been asked',
                  },
                ],
              }),
              on: { 'runs.notify.allow': { guard: 'mayAsk', target: 'asking' } },
            },
            asking: {
              description: "The browser's question is open",
              meta: facts({
                rules: ['RUNS-10'],
                sees: [{ kind: 'notifyMe', says: 'Notify me is disabled while the browser asks' }],
                ignores: [{ events: ['runs.notify.allow'], why: 'The browser is asking already.' }],
              }),
              invoke: {
                id: 'askPermission',
                src: 'askPermission',
                onDone: { target: 'idle', actions: assign({ permission: ({ event }) => event.output }) },
                onError: { target: 'idle', actions: assign({ permission: 'denied' as const }) },
              },
            },
          },
        },
        notices: {
          description:
            'The notices shown close by themselves after a pause, unless the pointer or the focus is on them',
          initial: 'closing',
          meta: facts({
            ignores: [
              {
                events: ['runs.refresh', 'runs.cancel', 'runs.batch', 'runs.notify.allow'],
                why: 'The other regions answer them.',
              },
            ],
          }),
          states: {
            closing: {
              description: 'Nothing holds the notices: each closes by itself',
              initial: 'quiet',
              meta: facts({
                ignores: [{ events: ['runs.notice.release'], why: 'Nothing holds the notices open.' }],
              }),
              on: { 'runs.notice.hold': { target: 'held', meta: facts({ rules: ['RUNS-23'] }) } },
              states: {
                quiet: {
                  description: 'No notice shows, or one has just come: the pause starts with the next',
                  meta: facts({ rules: ['RUNS-23'], sees: [noticesSight] }),
                  always: {
                    guard: 'anyNotice',
                    target: 'counting',
                    actions: assign({ fresh: false }),
                    meta: facts({ rules: ['RUNS-23'] }),
                  },
                },
                counting: {
                  description: 'The notices show; NOTICE_MS after the last one came they all close',
                  meta: facts({ rules: ['RUNS-23'], sees: [noticesSight] }),
                  // A new notice starts the pause again (each shows a full pause); none left, nothing to close.
                  always: { guard: 'restarts', target: 'quiet', meta: facts({ rules: ['RUNS-23'] }) },
                  after: {
                    noticeDelay: {
                      target: 'quiet',
                      actions: assign({ notices: [] }),
                      meta: facts({ rules: ['RUNS-23'] }),
                    },
                  },
                },
              },
            },
            held: {
              description: 'The pointer or the focus is on the notices: none closes until it leaves',
              meta: facts({
                rules: ['RUNS-23'],
                sees: [{ kind: 'notices', says: 'the notices shown stay while the pointer or the focus is on them' }],
                ignores: [{ events: ['runs.notice.hold'], why: 'The notices are held already.' }],
              }),
              on: { 'runs.notice.release': { target: 'closing', meta: facts({ rules: ['RUNS-23'] }) } },
            },
          },
        },
      },
    },
  },
});

export type RunsMachine = typeof runsMachine;
