/**
 * "One prompt per line" on the prompt tools for images, video and audio (RUNS-16 to RUNS-18): off by
 * default; on, a textarea where each non-blank line is one prompt, the total cost, and Start. Before any
 * call the prompts are checked (1 to MAX_BATCH_PROMPTS, each within the prompt cap), then the sign-in (the
 * app opens the login dialog, the text stays), then the balance. The batch follows its page's run (`pageRun`):
 * the balance the app tells that run (`batch.balance`) and its form's settings, which the batch shares.
 * One click makes one idempotency key and one POST /api/generate/batch with the tool's model, the prompts
 * and the page's shared parameters (`batch.shared`, as one run would send them); a failed start tried again
 * unchanged sends the same key, so the server starts (and charges) that batch once. A started batch says
 * how many runs started and how many wait queued, passes the new balance on and has the runs tray read at
 * once; the person may start another. The runs of the last batch show on the page as tiles in the order of
 * its prompts (RUNS-24), each as the runs tray lists it (the batch's `followRuns`): its progress, then its
 * output or its error; Download all saves the finished ones as one ZIP. While they show, the tray tells no
 * notice of them (RUNS-21); once the page goes, the batch is one notice (RUNS-22).
 */
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { notProvided } from '../shared/errors';
import { facts } from '../shared/meta';
import { generationErrorText, toToolError } from './errors';
import {
  batchProblem,
  changesTiles,
  finishedTiles,
  promptsOf,
  shortfall,
  startedOf,
  tilesOf,
  tilesWith,
  type BatchAnswer,
  type BatchCall,
  type ToolBatchContext,
  type ToolBatchEvent,
  type ToolBatchInput,
} from './tool-batch.types';

const formEvents = ['batch.toggle', 'batch.text', 'batch.start'];

/** What the batch's follower is told: the runs of the batch just started, shown on this page until it goes. */
export interface FollowBatch {
  type: 'batch.follow';
  ids: readonly string[];
}

/** What the batch form shows while it takes the prompts. */
const formSight = {
  kind: 'batchForm',
  says: 'One prompt per line is checked; the prompts as typed, the total cost, and Start batch (enabled)',
} as const;

/** RUNS-24: what the page shows of the last batch started, whatever the form shows meanwhile. */
const gridSight = {
  kind: 'batchGrid',
  says: 'a tile per run of the last batch, in the order of its prompts: its progress, then its picture with Download and Open, or its error; Download all once one has finished',
} as const;

/** Start, from every state that shows the form: the checks, the sign-in, the balance, then the call. */
const start = [
  {
    guard: 'invalid' as const,
    target: '#toolBatch.on.answered.refused',
    actions: 'refuseInvalid' as const,
    meta: facts({ rules: ['RUNS-16'] }),
  },
  { guard: 'signedOut' as const, actions: 'requireSignIn' as const, meta: facts({ rules: ['RUNS-17'] }) },
  {
    guard: 'lacksCredits' as const,
    target: '#toolBatch.on.answered.refused',
    actions: ['refuseShortfall' as const, 'refreshCredits' as const],
    meta: facts({ rules: ['RUNS-17'] }),
  },
  { target: '#toolBatch.on.starting', meta: facts({ rules: ['RUNS-17'] }) },
];

/** Start again from a started or failed batch: its prompts passed the check and have not changed since (an edit goes back to the form). */
const startAgain = start.slice(1);

export const toolBatchMachine = setup({
  types: {
    context: {} as ToolBatchContext,
    events: {} as ToolBatchEvent,
    input: {} as ToolBatchInput,
  },
  actors: {
    /** POST /api/generate/batch with the click's Idempotency-Key; answers each run's status and the balance. */
    startBatch: fromPromise<BatchAnswer, BatchCall>(async () => notProvided('startBatch')),
    /**
     * Follows the page's run of this tool (RUNS-12): sends `batch.balance` as the balance the app tells that run
     * changes, and `batch.shared` as its form's settings change. Without it (the viewer, the models) the batch
     * keeps the balance and settings of its input.
     */
    pageRun: fromCallback<ToolBatchEvent, { toolKey: string }>(() => {}),
    /**
     * RUNS-24: follows the runs tray's list (its reads every few seconds while a run works) and sends it as
     * `batch.runs`; told the runs of each batch started (`batch.follow`), it tells the tray, when the page
     * goes, that they no longer show (RUNS-21). Without it (the viewer, the models) the tiles stay as started.
     */
    followRuns: fromCallback<FollowBatch>(() => {}),
  },
  actions: {
    /** A visitor pressed Start: the app opens the login dialog; the prompts stay. */
    requireSignIn: () => {},
    /** The answer carried the new balance: the app reports it to the session, as a run does. */
    creditsChanged: (_, _params: { credits: number }) => {},
    /** The runs tray reads the runs at once (RUNS-7): the batch's runs show there. */
    refreshRuns: (_, _params: { ids: readonly string[] }) => {},
    /** RUNS-24: Download all: the finished runs as one ZIP (POST /api/creations/zip), saved as atelier-creations-{date}.zip. */
    downloadAll: (_, _params: { ids: readonly string[] }) => {},
    /**
     * The app reads the balance again (GET /api/users/credits, CREDITS-4) after a refusal for want of credits or a
     * failed start: the balance shown may be older than the account's (credits bought or spent in another tab).
     */
    refreshCredits: () => {},
    /** RUNS-16: the check's message in the banner. */
    refuseInvalid: assign({ error: ({ context }) => batchProblem(context.text) }),
    /** RUNS-17: 'This batch costs X credits and you have Y. Add Z credits or remove prompts.' */
    refuseShortfall: assign({ error: ({ context }) => shortfall(context) }),
  },
  guards: {
    /** RUNS-16: no prompt, more than MAX_BATCH_PROMPTS, or one over the prompt cap. */
    invalid: ({ context }) => batchProblem(context.text) !== null,
    signedOut: ({ context }) => !context.signedIn,
    /** RUNS-17: the balance the app last sent cannot pay every prompt. */
    lacksCredits: ({ context }) => shortfall(context) !== null,
    /** RUNS-24: the list read changes a tile of the last batch. */
    changesTiles: ({ context }, params: { runs: ToolBatchEvent & { type: 'batch.runs' } }) =>
      changesTiles(context.tiles, params.runs.runs),
    /** RUNS-24: Download all is offered once a run of the grid has finished. */
    anyFinished: ({ context }) => finishedTiles(context.tiles).length > 0,
  },
}).createMachine({
  id: 'toolBatch',
  description:
    'A tool page’s "One prompt per line": one run per line, started by one call, the runs past the free places queued.',
  meta: facts({
    rules: ['RUNS-16', 'RUNS-17', 'RUNS-18', 'RUNS-24'],
    // `batch.balance` and `batch.shared` come from the batch's own `pageRun`, which follows the page's run;
    // `batch.runs` from its `followRuns`, which follows the runs tray.
    sends: [...formEvents, 'batch.zip'],
  }),
  context: ({ input }) => ({
    tool: input.tool,
    text: '',
    shared: input.shared ?? {},
    signedIn: input.signedIn ?? false,
    credits: input.credits ?? 0,
    key: null,
    error: null,
    started: null,
    tiles: [],
    newKey: input.newKey ?? (() => crypto.randomUUID()),
  }),
  on: {
    'batch.balance': {
      actions: assign({ signedIn: ({ event }) => event.signedIn, credits: ({ event }) => event.credits }),
    },
    // Other settings make another batch: a start after this change gets a new key.
    'batch.shared': { actions: assign({ shared: ({ event }) => event.input, key: null }) },
    // RUNS-24: each tile follows its run as the tray lists it, whatever the form shows meanwhile.
    'batch.runs': {
      guard: { type: 'changesTiles', params: ({ event }) => ({ runs: event }) },
      actions: assign({ tiles: ({ context, event }) => tilesWith(context.tiles, event.runs) }),
      meta: facts({ rules: ['RUNS-24'] }),
    },
    'batch.zip': {
      guard: 'anyFinished',
      actions: {
        type: 'downloadAll',
        params: ({ context }) => ({ ids: finishedTiles(context.tiles).map((t) => t.id) }),
      },
      meta: facts({ rules: ['RUNS-24'] }),
    },
  },
  invoke: [
    { id: 'pageRun', src: 'pageRun', input: ({ context }) => ({ toolKey: context.tool.key }) },
    { id: 'followRuns', src: 'followRuns' },
  ],
  initial: 'off',
  states: {
    off: {
      description: 'The mode is off (as the page opens): the page shows its one-run form',
      meta: facts({
        rules: ['RUNS-16'],
        sees: [
          { kind: 'batchOff', says: 'One prompt per line is unchecked; the one-run form shows, no prompts field' },
          gridSight,
        ],
        ignores: [{ events: ['batch.text', 'batch.start'], why: 'The prompts field and Start show only in the mode.' }],
      }),
      on: { 'batch.toggle': { target: 'on' } },
    },
    on: {
      description: 'One prompt per line: the prompts field, the total cost and Start batch, with the shared settings',
      initial: 'editing',
      states: {
        editing: {
          description: 'The prompts as typed, each non-blank line one prompt, and what they cost together',
          meta: facts({
            rules: ['RUNS-16'],
            sees: [formSight, { kind: 'noBatchBanner', says: 'no red banner' }, gridSight],
          }),
          on: {
            'batch.toggle': { target: '#toolBatch.off' },
            'batch.text': { actions: assign({ text: ({ event }) => event.text }) },
            'batch.start': start,
          },
        },
        starting: {
          description: 'Starting the batch: one call reserves every run or none; the form is locked',
          meta: facts({
            rules: ['RUNS-17'],
            sees: [
              { kind: 'batchStarting', says: 'Start batch says Starting... and is disabled; the prompts are locked' },
              gridSight,
            ],
            ignores: [
              { events: formEvents, why: 'The batch is being started: the field, the switch and Start are disabled.' },
            ],
          }),
          entry: assign({ key: ({ context }) => context.key ?? context.newKey(), error: null, started: null }),
          invoke: {
            id: 'startBatch',
            src: 'startBatch',
            input: ({ context }) => ({
              body: { modelId: context.tool.id, prompts: promptsOf(context.text), input: context.shared },
              idempotencyKey: context.key ?? '',
            }),
            onDone: {
              target: 'answered.started',
              actions: [
                assign({
                  started: ({ event }) => startedOf(event.output),
                  credits: ({ event }) => event.output.credits,
                  tiles: ({ context, event }) => tilesOf(event.output, context.text),
                  key: null,
                }),
                { type: 'creditsChanged', params: ({ event }) => ({ credits: event.output.credits }) },
                { type: 'refreshRuns', params: ({ event }) => ({ ids: event.output.runs.map((r) => r.id) }) },
                sendTo('followRuns', ({ event }) => ({
                  type: 'batch.follow' as const,
                  ids: event.output.runs.map((r) => r.id),
                })),
              ],
              meta: facts({ rules: ['RUNS-18', 'RUNS-24'] }),
            },
            onError: {
              target: 'answered.failed',
              // The server's message (its 402 shortfall, the concurrent or rate limit); the key stays for a retry.
              actions: [
                assign({
                  error: ({ context, event }) =>
                    generationErrorText(toToolError(event.error), context.tool.run.wording),
                }),
                'refreshCredits',
              ],
              meta: facts({ rules: ['RUNS-18'] }),
            },
          },
        },
        answered: {
          description:
            'A message shows above the form (a refusal, the batch started, or its failure): a change of the prompts clears it',
          initial: 'refused',
          on: {
            // The mode off: the message goes, and a later start is a new batch (a new key).
            'batch.toggle': { target: '#toolBatch.off', actions: assign({ error: null, started: null, key: null }) },
            'batch.text': {
              target: 'editing',
              // A change of the prompts: the message goes, and a later start is a new batch (a new key).
              actions: assign({ text: ({ event }) => event.text, error: null, key: null, started: null }),
            },
          },
          states: {
            refused: {
              description: 'Refused before any call: no prompt, too many, or a balance short of the total',
              meta: facts({
                rules: ['RUNS-16', 'RUNS-17'],
                sees: [
                  formSight,
                  { kind: 'batchBanner', says: 'the red banner with the refusal (the shortfall with its figures)' },
                  gridSight,
                ],
              }),
              on: {
                'batch.start': start,
              },
            },
            started: {
              description: 'The batch started: how many runs started and how many wait queued; Start begins another',
              meta: facts({
                rules: ['RUNS-18'],
                sees: [
                  formSight,
                  { kind: 'batchStarted', says: "'Started N runs: S in progress, Q queued.'" },
                  gridSight,
                ],
              }),
              on: {
                'batch.start': startAgain,
              },
            },
            failed: {
              description: "The start failed: the server's message; Start tries the same batch again with the same key",
              meta: facts({
                rules: ['RUNS-18'],
                sees: [formSight, { kind: 'batchBanner', says: "the red banner with the server's message" }, gridSight],
              }),
              on: {
                'batch.start': startAgain,
              },
            },
          },
        },
      },
    },
  },
});

export type ToolBatchMachine = typeof toolBatchMachine;
