/**
 * Upscale 2× and Vary's real effects (REFINE-1, REFINE-2, REFINE-7): one start per source in turn, each with an
 * Idempotency-Key of its own (a retried request answers the same run); each started run is told to the tray at
 * once and its balance to the session (the one path of a balance). The first refusal stops the rest.
 */
import { fromPromise } from 'xstate';
import { messageOf } from '../shared/errors';
import { defineFlow } from '../shared/flow.effects';
import { reportCredits } from '../session/session.effects';
import { refreshRuns } from '../tools/tool-run.effects';
import { REFINE_FAILED, refineMachine, type RefineOutcome } from './refine.machine';

export type RefineLogic = typeof refineMachine;

export const refineFlow = defineFlow(refineMachine)(({ api, session, window: win }) => ({
  actors: {
    startRefine: fromPromise<
      RefineOutcome,
      { ids: readonly string[]; kind: 'upscale' | 'vary'; strength: 'subtle' | 'strong' | null }
    >(async ({ input, signal }) => {
      const endpoints = await api();
      const started: string[] = [];
      for (const id of input.ids) {
        const options = { signal, idempotencyKey: win().crypto.randomUUID() };
        try {
          const answer =
            input.kind === 'upscale'
              ? await endpoints.upscaleCreation(id, options)
              : await endpoints.varyCreation(id, input.strength ?? 'subtle', options);
          started.push(answer.id);
          refreshRuns(session().system, answer);
          if (typeof answer.credits === 'number') reportCredits(session(), answer.credits);
        } catch (error) {
          // Nothing started: the flow says why. Some started: it says how many, and why the next did not.
          if (started.length === 0) throw error;
          return { started, error: messageOf(error, REFINE_FAILED) };
        }
      }
      return { started, error: null };
    }),
  },
}));
