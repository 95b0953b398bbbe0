/**
 * A batch of prompts' real effects (RUNS-16 to RUNS-18): POST /api/generate/batch with the click's
 * Idempotency-Key, the session for the login dialog and the balance (the one path of a balance: the
 * session), the runs tray told of the batch (it reads at once, and tells no notice of runs its page shows), the
 * page's run followed (its balance and settings), the tray's list followed for the batch's tiles, and Download all.
 * A tool page whose tool takes a batch starts the flow with `useToolBatch` (src/app/tool-batch.ts), beside
 * its one-run flow, whose settings the batch shares.
 */
import { saveBlob } from '../shared/save-file';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { pageRunId, type pageRunsMachine } from '../runs/page-runs.machine';
import type { runsMachine } from '../runs/runs.machine';
import type { Run } from '../runs/runs.types';
import { zipName } from '../creations/creation-list';
import { reportCredits } from '../session/session.effects';
import { defineFlow } from '../shared/flow.effects';
import { systemIds } from '../shared/system-ids';
import { generationInput } from './body';
import { toolBatchMachine, type FollowBatch } from './tool-batch.machine';
import type { SharedInput, ToolBatchEvent } from './tool-batch.types';
import { toToolError } from './errors';
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

type Tray = ActorRefFrom<typeof runsMachine>;

/**
 * RUNS-24, RUNS-21: the batch follows the runs tray's list (read every few seconds while a run works): each list
 * is sent as `batch.runs`. Told the runs of a batch started (`batch.follow`), it remembers them; when the page
 * goes (this follower stops with its batch) the tray is told they no longer show, so their end is a notice again.
 * The tray starts with the sign-in, after the page may have: the follower takes it once it is there.
 */
export function followTray(
  system: { get: (systemId: string) => unknown },
  send: (event: ToolBatchEvent) => void,
  receive: (listener: (event: FollowBatch) => void) => void,
): () => void {
  const shown: string[] = [];
  let tray: Tray | undefined;
  let sub: { unsubscribe: () => void } | undefined;
  let last: readonly Run[] | undefined;
  const tell = (runs: readonly Run[]) => {
    if (runs === last) return;
    last = runs;
    send({ type: 'batch.runs', runs });
  };
  const attach = () => {
    const found = system.get(systemIds.runs) as Tray | undefined;
    if (!found || found === tray) return;
    sub?.unsubscribe();
    tray = found;
    sub = found.subscribe((snapshot) => tell(snapshot.context.runs));
    tell(found.getSnapshot().context.runs);
  };
  receive((event) => {
    shown.push(...event.ids);
    attach();
  });
  attach();
  // The tray may start after the page (its chunk loads with the sign-in): look again until it is there.
  const timer = setInterval(() => (tray ? clearInterval(timer) : attach()), 1_000);
  return () => {
    clearInterval(timer);
    sub?.unsubscribe();
    if (shown.length > 0) tray?.send({ type: 'runs.unshown', ids: shown });
  };
}

export type ToolBatchFlow = typeof toolBatchFlow;

export const toolBatchFlow = defineFlow(toolBatchMachine)(({ api, session, window: win }) => ({
  actors: {
    startBatch: fromPromise(async ({ input, signal }) => {
      try {
        return await (await api()).startBatch(input.body, { signal, idempotencyKey: input.idempotencyKey });
      } catch (error) {
        throw toToolError(error);
      }
    }),
    pageRun: fromCallback(({ input, sendBack }) => followPageRun(session().system, input.toolKey, sendBack)),
    followRuns: fromCallback(({ sendBack, receive }) => followTray(session().system, sendBack, receive)),
  },
  actions: {
    requireSignIn: () => session().send({ type: 'auth.required' }),
    // The one path of a balance: straight to the session, which the badges and the runs read (CREDITS-3).
    creditsChanged: (_, { credits }) => reportCredits(session(), credits),
    // RUNS-7: the tray lists the batch's runs at once, and follows them from there; RUNS-22: each is watched
    // until it has ended, and the batch is one notice then; RUNS-21: none while its page shows them.
    refreshRuns: (_, { ids }) => {
      const tray = session().system.get(systemIds.runs) as Tray | undefined;
      tray?.send(ids.length > 0 ? { type: 'runs.batch', ids } : { type: 'runs.refresh' });
    },
    // RUNS-24: the finished runs as one ZIP through the API client, saved as atelier-creations-{YYYY-MM-DD}.zip.
    downloadAll: (_, { ids }) => {
      api()
        .then((endpoints) => endpoints.downloadCreations(ids))
        .then(
          (blob) => {
            saveBlob(win(), blob, zipName());
          },
          (error: unknown) => console.error('Failed to download the batch', error),
        );
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
