/**
 * A batch of prompts' real effects (RUNS-16 to RUNS-18): POST /api/generate/batch with the click's
 * Idempotency-Key, the session for the login dialog and the balance (the one path of a balance: the
 * session), and the runs tray told to read at once. A tool page whose tool takes a batch starts
 * the flow with `useToolBatch` (src/app/tool-batch.ts), beside its one-run flow, whose settings the batch shares.
 */
import { fromPromise } from 'xstate';
import { reportCredits } from '../session/session.effects';
import { defineFlow } from '../shared/flow.effects';
import { generationInput } from './body';
import { toolBatchMachine } from './tool-batch.machine';
import type { SharedInput } from './tool-batch.types';
import { toToolError } from './errors';
import { refreshRuns } from './tool-run.effects';
import type { ToolRunContext } from './tool-run.types';

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
