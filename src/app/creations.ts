/**
 * My creations' real effects: the list and one-run calls with the flow's abort signal, the
 * delete (one or several), the ZIP of several saved as a file, the address that keeps the search and
 * filters, and going back to the list once the one-run page's creation is gone.
 */
import { fromPromise } from 'xstate';
import { creationsMachine, zipName, type Filters } from '../../machines/creations/creations.machine';
import { defineFlow } from './flow';

export type CreationsLogic = typeof creationsMachine;

/** The address's search of My creations: only the filters that are set (CREATIONS-9). */
export const creationsSearch = (filters: Filters): Partial<Record<keyof Filters, string>> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== null)) as Partial<
    Record<keyof Filters, string>
  >;

/** The server's message of a refused call, else `fallback`'s wording is the flow's (fromServer false). */
async function refusal(response: Response): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== ''
    ? Object.assign(new Error(message), { status: response.status })
    : Object.assign(new Error('Network response was not ok'), { status: response.status, fromServer: false });
}

/** The flow a creations page starts (useFlow): the machine with the app's effects. */
export const creationsFlow = defineFlow(creationsMachine)(({ api, navigate, session, window: win }) => ({
  actors: {
    loadPage: fromPromise(async ({ input, signal }) => {
      const endpoints = await api();
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
    }),
    deleteCreation: fromPromise(async ({ input }) => (await api()).deleteCreation(input.id)),
    deleteCreations: fromPromise(async ({ input }) => (await api()).deleteCreations(input.ids)),
    /**
     * CREATIONS-11: POST the ids with the session's token, then save the streamed answer as
     * atelier-creations-{YYYY-MM-DD}.zip (a Blob, an object URL and a download link's click).
     */
    downloadZip: fromPromise(async ({ input, signal }) => {
      const token = session().getSnapshot().context.token;
      const w = win();
      // A network failure is not the server's word: the flow shows its own message (ZIP_FAILED).
      // operations.downloadCreations, named here: importing the table would add a chunk to the catalogue's
      // strip of recent creations, which shares this flow.
      const response = await w
        .fetch('/api/creations/zip', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/zip',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ ids: input.ids }),
          signal,
        })
        .catch((error: unknown) => {
          throw Object.assign(new Error(String((error as Error)?.message ?? error)), { fromServer: false });
        });
      if (!response.ok) throw await refusal(response);
      const blob = await response.blob();
      const href = w.URL.createObjectURL(blob);
      const a = w.document.createElement('a');
      a.href = href;
      a.download = zipName();
      w.document.body.append(a);
      a.click();
      a.remove();
      w.setTimeout(() => w.URL.revokeObjectURL(href), 0);
    }),
  },
  actions: {
    creationDeleted: (_, params) => {
      if (params.only) navigate({ to: '/creations' });
    },
    // CREATIONS-9: replaced, so typing does not fill the history; Back leaves My creations.
    filtersChanged: (_, filters) => navigate({ to: '/creations', search: creationsSearch(filters), replace: true }),
  },
}));
