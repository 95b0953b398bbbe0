/**
 * A creation's public link, real effects (SHARE-4 to SHARE-6): the share and revoke calls, and the
 * clipboard for Copy link.
 */
import { fromPromise } from 'xstate';
import { creationShareMachine } from '../flows/creations/creation-share.machine';
import { defineFlow } from './flow';

export type CreationShareLogic = typeof creationShareMachine;

export const creationShareFlow = defineFlow(creationShareMachine)(({ api, window: win }) => ({
  actors: {
    shareCreation: fromPromise(async ({ input }) => (await api()).shareCreation(input.id)),
    unshareCreation: fromPromise(async ({ input }) => (await api()).unshareCreation(input.id)),
  },
  actions: {
    copyLink: (_, { url }) => {
      // A browser without the clipboard (or that refuses it) still shows the link, selectable, in its field.
      win()
        .navigator.clipboard?.writeText(url)
        .catch(() => {});
    },
  },
}));
