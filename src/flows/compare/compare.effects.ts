/**
 * Comparing creations' real effects (COMPARE-1, COMPARE-8): each creation read through the API client
 * (GET /api/creations/{id}, its token; a 401 ends the session like any call), all at once, with the flow's abort signal.
 */
import { fromPromise } from 'xstate';
import { defineFlow } from '../shared/flow.effects';
import { compareMachine } from './compare.machine';

export type CompareLogic = typeof compareMachine;

/** The flow the compare page starts (useFlow) with the address's ids. */
export const compareFlow = defineFlow(compareMachine)(({ api }) => ({
  actors: {
    loadCreations: fromPromise(async ({ input, signal }) => {
      const endpoints = await api();
      return Promise.all(input.ids.map((id) => endpoints.getCreation(id, { signal })));
    }),
  },
}));
