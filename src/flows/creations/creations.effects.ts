/**
 * My creations' real effects: the list and one-run calls with the flow's abort signal, the
 * delete (one or several), the ZIP of several saved as a file, the address that keeps the search and
 * filters, and going back to the list once the one-run page's creation is gone; a creation's public link (SHARE-4
 * to SHARE-6): the share and revoke calls, and the clipboard for Copy link.
 */
import { saveBlob } from '../shared/save-file';
import { fromPromise } from 'xstate';
import { creationsMachine, zipName, type Filters, type LoadInput } from './creations.machine';
import type { Creation, CreationsPage } from '../../api/schemas';
import type { Endpoints } from '../../api/endpoints';
import { defineFlow } from '../shared/flow.effects';
import { creationShareMachine } from './creation-share.machine';

export type CreationsLogic = typeof creationsMachine;
export type CreationShareLogic = typeof creationShareMachine;

/** The address's search of My creations: only the filters that are set (CREATIONS-9). */
export const creationsSearch = (filters: Filters): Partial<Record<keyof Filters, string | number>> =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== null)
      // COLLECT-7: starred=1 as a number, so the address reads ?starred=1 (a string would be quoted).
      .map(([key, value]) => [key, key === 'starred' ? 1 : value]),
  ) as Partial<Record<keyof Filters, string | number>>;

/** The most runs one read of the list asks for (the list call's own cap). */
const RELOAD_PAGE = 50;

/** One page of the list (GET /api/creations), or the one run as a page of one (GET /api/creations/{id}). */
async function readPage(endpoints: Endpoints, input: LoadInput, signal: AbortSignal): Promise<CreationsPage> {
  return input.only
    ? { items: [await endpoints.getCreation(input.only, { signal })], nextCursor: null }
    : endpoints.listCreations(
        {
          cursor: input.cursor,
          category: input.category,
          ...(input.limit ? { limit: input.limit } : {}),
          ...input.filters,
        },
        { signal },
      );
}

/** The flow a creations page starts (useFlow): the machine with the app's effects. */
export const creationsFlow = defineFlow(creationsMachine)(({ api, navigate, window: win }) => ({
  actors: {
    loadPage: fromPromise(async ({ input, signal }) => readPage(await api(), input, signal)),
    // CREATIONS-20: the pages read again from the first (at most 50 runs a read) until as many runs as are shown.
    reloadPages: fromPromise(async ({ input, signal }) => {
      const endpoints = await api();
      const runs: Creation[] = [];
      let cursor: string | null = null;
      do {
        const page: CreationsPage = await readPage(
          endpoints,
          { ...input.load, cursor, limit: Math.min(RELOAD_PAGE, Math.max(input.count - runs.length, 1)) },
          signal,
        );
        runs.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor && runs.length < input.count);
      return runs;
    }),
    deleteCreation: fromPromise(async ({ input }) => (await api()).deleteCreation(input.id)),
    deleteCreations: fromPromise(async ({ input }) => (await api()).deleteCreations(input.ids)),
    /**
     * CREATIONS-11: the ZIP through the API client (its token, and a 401 ends the session like any call),
     * saved as atelier-creations-{YYYY-MM-DD}.zip (an object URL and a download link's click).
     */
    downloadZip: fromPromise(async ({ input, signal }) => {
      const endpoints = await api();
      // A network failure is not the server's word: the flow shows its own message (ZIP_FAILED).
      const blob = await endpoints.downloadCreations(input.ids, { signal }).catch((error: unknown) => {
        throw typeof (error as { status?: unknown } | null)?.status === 'number'
          ? error
          : Object.assign(new Error(String((error as Error | null)?.message ?? error)), { fromServer: false });
      });
      saveBlob(win(), blob, zipName());
    }),
  },
  actions: {
    // CREATIONS-18: a new history entry, so Back returns to the run before.
    openCreation: (_, { id }) => navigate({ to: `/creations/${encodeURIComponent(id)}` }),
    creationDeleted: (_, params) => {
      if (params.only) navigate({ to: '/creations' });
    },
    // CREATIONS-9: replaced, so typing does not fill the history; Back leaves My creations.
    filtersChanged: (_, filters) => navigate({ to: '/creations', search: creationsSearch(filters), replace: true }),
  },
}));

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
