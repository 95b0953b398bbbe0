/**
 * A batch of prompts' real effects (RUNS-16 to RUNS-18): POST /api/generate/batch with the click's
 * Idempotency-Key, the session for the login dialog and the balance (the one path of a balance: the
 * session), the runs tray told to read at once, and the page's run followed (its balance and settings).
 * A tool page whose tool takes a batch starts the flow with `useToolBatch` (src/app/tool-batch.ts), beside
 * its one-run flow, whose settings the batch shares.
 */
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { pageRunId, type pageRunsMachine } from '../runs/page-runs.machine';
import { reportCredits } from '../session/session.effects';
import { defineFlow } from '../shared/flow.effects';
import { systemIds } from '../shared/system-ids';
import { generationInput } from './body';
import { toolBatchMachine } from './tool-batch.machine';
import type { SharedInput, ToolBatchEvent } from './tool-batch.types';
import { toToolError } from './errors';
import { refreshRuns } from './tool-run.effects';
import type { ToolRunContext } from './tool-run.types';

type KeptRun = {
  getSnapshot: () => { context: ToolRunContext };
  subscribe: (observer: (snapshot: { context: ToolRunContext }) => void) => { unsubscribe: () => void };
};

/**
 * The batch follows its page's run, which the app keeps (RUNS-12, the keeper's child of this tool): the balance
 * the app tells that run (the one path of a balance: the session, then `tool.balance` to every kept run) and the
 * settings of its form, which every run of the batch shares. Each is sent as it changes (`batch.balance`,
 * `batch.shared`); after a sign-out has stopped the run, the page opens a new one and the batch follows that.
 */
export function followPageRun(
  system: { get: (systemId: string) => unknown },
  toolKey: string,
  send: (event: ToolBatchEvent) => void,
): () => void {
  const keeper = system.get(systemIds.pageRuns) as ActorRefFrom<typeof pageRunsMachine> | undefined;
  if (!keeper) return () => {};
  let followed: { run: KeptRun; sub: { unsubscribe: () => void } } | undefined;
  let balance = '';
  let shared = '';
  const tell = ({ context }: { context: ToolRunContext }) => {
    const nextBalance = JSON.stringify([context.signedIn, context.credits]);
    if (nextBalance !== balance) send({ type: 'batch.balance', signedIn: context.signedIn, credits: context.credits });
    balance = nextBalance;
    const input = sharedInput(context);
    const nextShared = JSON.stringify(input);
    if (nextShared !== shared) send({ type: 'batch.shared', input });
    shared = nextShared;
  };
  const attach = () => {
    const run = (keeper.getSnapshot().children as Record<string, KeptRun | undefined>)[pageRunId(toolKey)];
    if (!run || run === followed?.run) return;
    followed?.sub.unsubscribe();
    followed = { run, sub: run.subscribe(tell) };
    tell(run.getSnapshot());
  };
  const kept = keeper.subscribe(attach);
  attach();
  return () => {
    kept.unsubscribe();
    followed?.sub.unsubscribe();
  };
}

export type ToolBatchFlow = typeof toolBatchFlow;

export const toolBatchFlow = defineFlow(toolBatchMachine)(({ api, session }) => ({
  actors: {
    startBatch: fromPromise(async ({ input, signal }) => {
      try {
        return await (await api()).startBatch(input.body, { signal, idempotencyKey: input.idempotencyKey });
      } catch (error) {
        throw toToolError(error);
      }
    }),
    pageRun: fromCallback(({ input, sendBack }) => followPageRun(session().system, input.toolKey, sendBack)),
  },
  actions: {
    requireSignIn: () => session().send({ type: 'auth.required' }),
    // The one path of a balance: straight to the session, which the badges and the runs read (CREDITS-3).
    creditsChanged: (_, { credits }) => reportCredits(session(), credits),
    // RUNS-7: the tray lists the batch's runs at once, and follows them from there; RUNS-9: each is watched
    // until it has ended, so even one that ends before any read saw it working gets its notice.
    refreshRuns: (_, { ids }) => {
      if (ids.length === 0) refreshRuns(session().system);
      for (const id of ids) refreshRuns(session().system, { id });
    },
    refreshCredits: () => {
      api()
        .then((endpoints) => endpoints.getCredits())
        .then(
          ({ credits }) => reportCredits(session(), credits),
          (error: unknown) => console.error('Failed to fetch credits', error),
        );
    },
  },
}));

/**
 * The settings every run of the batch shares: the one-run form's, as one run would send them, without its
 * prompt and without a file (a batch takes none: video editing's optional clip stays with the one-run form).
 */
export function sharedInput(context: ToolRunContext): SharedInput {
  const shared = { ...generationInput(context) };
  for (const field of ['prompt', 'pose_image', context.shape.upload]) delete shared[field];
  return shared;
}
