/**
 * A batch of prompts' real effects (RUNS-16 to RUNS-18): POST /api/generate/batch with the click's
 * Idempotency-Key, the session for the login dialog and the balance (the one path of a balance: the
 * session), and the runs tray told to read at once. A tool page whose tool takes a batch starts
 * the flow with `useToolBatch`, beside its one-run flow, whose settings the batch shares.
 */
import { useEffect } from 'react';
import { fromPromise, type Actor } from 'xstate';
import { generationInput } from '../flows/tools/body';
import { toolBatchMachine } from '../flows/tools/tool-batch.machine';
import type { SharedInput } from '../flows/tools/tool-batch.types';
import type { ToolRunContext } from '../flows/tools/tool-run.types';
import type { Tool } from '../catalog/tools';
import { defineFlow } from './flow';
import { useFlow, useSession } from './provider';
import { reportCredits, type SessionActor } from './session';
import { asToolError, refreshRuns, type ToolRunActor } from './tools';

export type ToolBatchFlow = typeof toolBatchFlow;
export type ToolBatchActor = Actor<typeof toolBatchMachine>;

export const toolBatchFlow = defineFlow(toolBatchMachine)(({ api, session }) => ({
  actors: {
    startBatch: fromPromise(async ({ input, signal }) => {
      try {
        return await (await api()).startBatch(input.body, { signal, idempotencyKey: input.idempotencyKey });
      } catch (error) {
        throw asToolError(error);
      }
    }),
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

const balanceOf = (session: SessionActor) => {
  const snapshot = session.getSnapshot();
  return { signedIn: snapshot.hasTag('signedIn'), credits: snapshot.context.user?.credits ?? 0 };
};

/**
 * The page's batch: started with the session's view and the run's settings, and kept in step with both
 * (`batch.balance`, `batch.shared`); it stops, aborting a start in flight, when the page goes.
 */
export function useToolBatch(
  tool: Tool<string>,
  run: ToolRunActor,
  flow: ToolBatchFlow = toolBatchFlow,
): ToolBatchActor {
  const session = useSession();
  const batch = useFlow(flow, {
    input: { tool, ...balanceOf(session), shared: sharedInput(run.getSnapshot().context) },
  });
  useEffect(() => {
    let balance = balanceOf(session);
    let shared = JSON.stringify(sharedInput(run.getSnapshot().context));
    batch.send({ type: 'batch.balance', ...balance });
    const fromSession = session.subscribe(() => {
      const next = balanceOf(session);
      if (next.signedIn === balance.signedIn && next.credits === balance.credits) return;
      balance = next;
      batch.send({ type: 'batch.balance', ...next });
    });
    const fromRun = run.subscribe((snapshot) => {
      const input = sharedInput(snapshot.context);
      const next = JSON.stringify(input);
      if (next === shared) return;
      shared = next;
      batch.send({ type: 'batch.shared', input });
    });
    return () => {
      fromSession.unsubscribe();
      fromRun.unsubscribe();
    };
  }, [batch, run, session]);
  return batch;
}

export { costLine, shortfall, startedText } from '../flows/tools/tool-batch.types';
