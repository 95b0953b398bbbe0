/**
 * My creations' real effects: the list and one-run calls with the flow's abort signal, the
 * delete, and going back to the list once the one-run page's creation is gone.
 */
import { fromPromise } from 'xstate';
import { creationsMachine } from '../../machines/creations/creations.machine';
import { defineFlow } from './flow';

export type CreationsLogic = typeof creationsMachine;

/** The flow a creations page starts (useFlow): the machine with the app's effects. */
export const creationsFlow = defineFlow(creationsMachine)(({ api, navigate }) => ({
  actors: {
    loadPage: fromPromise(async ({ input, signal }) => {
      const endpoints = await api();
      return input.only
        ? { items: [await endpoints.getCreation(input.only, { signal })], nextCursor: null }
        : endpoints.listCreations(
            { cursor: input.cursor, category: input.category, ...(input.limit ? { limit: input.limit } : {}) },
            { signal },
          );
    }),
    deleteCreation: fromPromise(async ({ input }) => (await api()).deleteCreation(input.id)),
  },
  actions: {
    creationDeleted: (_, params) => {
      if (params.only) navigate({ to: '/creations' });
    },
  },
}));
