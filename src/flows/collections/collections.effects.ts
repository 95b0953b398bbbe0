/**
 * Stars and collections' real effects (COLLECT-1 to COLLECT-9): the star and unstar calls, the collections' list,
 * create, rename, delete and add calls, and going back to My creations once a collection's page has deleted it.
 */
import { fromPromise } from 'xstate';
import { defineFlow } from '../shared/flow.effects';
import { collectionMachine } from './collection.machine';
import { collectionsMachine } from './collections.machine';
import { starMachine } from './star.machine';

export type StarLogic = typeof starMachine;
export type CollectionsLogic = typeof collectionsMachine;
export type CollectionLogic = typeof collectionMachine;

/** COLLECT-9: a collection that is missing or another account's is answered like this, as the server words it. */
export const COLLECTION_NOT_FOUND = 'Collection not found';

export const starFlow = defineFlow(starMachine)(({ api }) => ({
  actors: {
    saveStar: fromPromise(async ({ input }) => {
      const endpoints = await api();
      return input.starred ? endpoints.starCreations([input.id]) : endpoints.unstarCreations([input.id]);
    }),
  },
}));

export const collectionsFlow = defineFlow(collectionsMachine)(({ api }) => ({
  actors: {
    loadCollections: fromPromise(async ({ signal }) => (await api()).listCollections({ signal })),
    starCreations: fromPromise(async ({ input }) => (await api()).starCreations(input.ids)),
    createCollection: fromPromise(async ({ input }) => (await api()).createCollection(input.name)),
    // COLLECT-4: one call per collection ticked, each all or none; the sentence of the last one (or of them all).
    addToCollections: fromPromise(async ({ input }) => {
      const endpoints = await api();
      const said: string[] = [];
      for (const id of input.collectionIds) said.push((await endpoints.addToCollection(id, input.ids)).message);
      return said.join('. ');
    }),
  },
}));

export const collectionFlow = defineFlow(collectionMachine)(({ api, navigate }) => ({
  actors: {
    loadCollection: fromPromise(async ({ input, signal }) => {
      const { items } = await (await api()).listCollections({ signal });
      const found = items.find((c) => c.id === input.id);
      if (!found) throw new Error(COLLECTION_NOT_FOUND);
      return found;
    }),
    renameCollection: fromPromise(async ({ input }) => (await api()).renameCollection(input.id, input.name)),
    deleteCollection: fromPromise(async ({ input }) => (await api()).deleteCollection(input.id)),
  },
  actions: {
    // COLLECT-5: the creations stay; the person is back in My creations.
    collectionDeleted: () => navigate({ to: '/creations' }),
  },
}));
