/**
 * My creations (/creations and /creations/{id}): load the user's runs newest first, load more by
 * the server's cursor, filter by category, and delete one after a confirmation. The one-run page
 * is the same flow with `only` set: it loads that run, and a delete ends with `creationDeleted`
 * (the app goes back to the list). While a run it shows is in progress, the list reads its first page
 * (or the one run) again every REFRESH_MS, so a run's status changes there by itself (RUNS-6).
 * The list is searched and filtered (q, tool, status, from, to: kept in the address by `filtersChanged`,
 * CREATIONS-8/9), and in Select mode several finished runs download as one ZIP or are deleted together
 * (CREATIONS-10..12).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Creation, CreationsPage } from '../../api/schemas';
import type { Category } from '../../catalog/tools';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';
import {
  anyFilter,
  contextOf,
  inProgress,
  mergedFilters,
  mergeFirstPage,
  noFilters,
  expiredAddress,
  withFreshAddresses,
  patchItems,
  sameFilters,
  withCategory,
  withTool,
} from './creation-list';
import type {
  CreationsContext,
  CreationsEvent,
  CreationsInput,
  Filters,
  LoadInput,
  ReloadInput,
} from './creations.types';

import { neighbourOf } from './creation-page';

export * from './creation-list';
export * from './creation-page';
export type * from './creations.types';

export const LOAD_FAILED = 'Failed to load your creations. Please try again.';
export const DELETE_FAILED = 'Failed to delete the creation. Please try again.';
export const DELETE_CONFIRMATION = 'Delete this creation and its files? This cannot be undone.';
export const ZIP_FAILED = 'Failed to download the ZIP. Please try again.';
export const BULK_DELETE_FAILED = 'Failed to delete the creations. Please try again.';
/** RUNS-6: how often a list showing a run in progress reads it again. */
export const REFRESH_MS = 4_000;
/** CREATIONS-8: the pause after the last key typed in the search before it applies. */
export const SEARCH_PAUSE_MS = 400;

const deleteConfirmEvents = ['creations.delete.confirm', 'creations.delete.cancel'];
/**
 * The list's own events (Load more, Try again, Delete and its confirmation, a creation page's Previous and Next):
 * the chips send creations.filter besides.
 */
const listEvents = [
  'creations.more',
  'creations.reload',
  'creations.delete',
  ...deleteConfirmEvents,
  'creations.neighbour',
];

/** The search and filter controls (CREATIONS-8): sent from the bar above the list, and from the address. */
const searchEvents = ['creations.type', 'creations.search', 'creations.filters', 'creations.clear'];
/** Select mode's controls (CREATIONS-10..12). */
const selectEvents = ['creations.select.start', 'creations.select.stop', 'creations.toggle', 'creations.selectPage'];
const bulkEvents = ['creations.zip', 'creations.bulkDelete'];
const bulkConfirmEvents = ['creations.bulkDelete.confirm', 'creations.bulkDelete.cancel'];
/** CREATIONS-20: a picture of the list that did not load. */
const pictureEvents = ['creations.readdress'];
/** COLLECT-1, COLLECT-4: a star or collection changed elsewhere (a tile's star, Select mode's Star or Add to collection). */
const patchEvents = ['creations.patch'];
/** Every event the views send the machine. */
const sends = [
  'creations.filter',
  ...pictureEvents,
  ...patchEvents,
  ...listEvents,
  ...searchEvents,
  ...selectEvents,
  ...bulkEvents,
  ...bulkConfirmEvents,
];
/** Why a dialog (and the page behind it) takes only its own buttons. */
const MODAL = 'The confirmation is a modal dialog: the page behind it cannot be used until it is answered.';
const IN_FLIGHT = 'The delete is in flight: the dialog stays open with its buttons disabled until the server answers.';
/** The events sent, but for the ones a dialog handles. */
const allBut = (...handled: string[]) => sends.filter((event) => !handled.includes(event));

/** What a load asks for: the list's filter and page size, from the first page (`cursor` null) or after a cursor. */
const pageAfter = (context: CreationsContext, cursor: string | null): LoadInput => ({
  only: context.only,
  category: context.category,
  cursor,
  limit: context.limit,
  filters: context.filters,
});

/** A finished run of the list (CREATIONS-10: runs in progress cannot be selected). */
const finishedIn = (context: CreationsContext, id: string) => context.items.some((c) => c.id === id && !inProgress(c));

/** New filters: the list starts again from its first page, with nothing selected. */
const startOver = { items: [] as Creation[], nextCursor: null, error: null, selected: [] as string[] };

/** The filters the app is told of after a search, a filter or Clear filters (it keeps them in the address). */
const reportFilters = {
  type: 'filtersChanged',
  params: ({ context }: { context: CreationsContext }) => context.filters,
} as const;

/** A search being typed (CREATIONS-8), in the list or under its failure: it applies once the typing pauses. */
const typing = (back: 'idle' | 'shown') =>
  ({
    description: 'A search is being typed: it applies once the typing pauses (or on Enter)',
    meta: facts({
      rules: ['CREATIONS-8'],
      ignores: [
        {
          events: pictureEvents,
          why: 'A search is about to apply: the list it loads brings its pictures with fresh addresses.',
        },
      ],
    }),
    after: {
      searchPause: [
        { guard: 'draftPending', target: '#creations.browsing.loading', actions: ['applyDraft', reportFilters] },
        { target: back },
      ],
    },
  }) as const;

/**
 * CREATIONS-20: a picture whose address has passed its end: the runs shown are read again, once. A picture that
 * failed with an address still valid (a file gone, a network error) is taken and left as it is: reading again
 * would not mend it.
 */
const readdress = [
  {
    guard: { type: 'addressExpired', params: ({ event }: { event: { url: string } }) => event },
    target: 'readdressing',
    meta: facts({ rules: ['CREATIONS-20'] }),
  },
  {
    description: 'An address still valid: nothing to read again (the picture is told of, and stays as it is)',
    actions: 'pictureFailed',
    meta: facts({ rules: ['CREATIONS-20'] }),
  },
] as const;

export const creationsMachine = setup({
  types: {
    context: {} as CreationsContext,
    events: {} as CreationsEvent,
    input: {} as CreationsInput,
  },
  actors: {
    /** GET /api/creations?cursor&category (or GET /api/creations/{id} as a page of one). */
    loadPage: fromPromise<CreationsPage, LoadInput>(async () => notProvided('loadPage')),
    /** DELETE /api/creations/{id}. */
    deleteCreation: fromPromise<unknown, { id: string }>(async () => notProvided('deleteCreation')),
    /** POST /api/creations/zip, saved as atelier-creations-{YYYY-MM-DD}.zip (CREATIONS-11). */
    downloadZip: fromPromise<unknown, { ids: readonly string[] }>(async () => notProvided('downloadZip')),
    /** POST /api/creations/delete: all or none (CREATIONS-12). */
    deleteCreations: fromPromise<unknown, { ids: readonly string[] }>(async () => notProvided('deleteCreations')),
    /** CREATIONS-20: the list's pages read again from the first, until as many runs as are shown (or the one run). */
    reloadPages: fromPromise<readonly Creation[], ReloadInput>(async () => notProvided('reloadPages')),
  },
  actions: {
    // Select mode (CREATIONS-10): only finished runs can be chosen.
    startSelecting: assign({ selecting: true, selected: [] }),
    stopSelecting: assign({ selecting: false, selected: [] }),
    toggleSelected: assign({
      selected: ({ context }, params: { id: string }) =>
        context.selected.includes(params.id)
          ? context.selected.filter((id) => id !== params.id)
          : [...context.selected, params.id],
    }),
    selectPage: assign({
      selected: ({ context }) => [
        ...context.selected,
        ...context.items.filter((c) => !inProgress(c) && !context.selected.includes(c.id)).map((c) => c.id),
      ],
    }),
    /**
     * A new category: the list starts again from its first page; a tool of another category is dropped from the
     * filters (CREATIONS-17: the chips and the Tool filter are one filter).
     */
    setCategory: assign(({ context }, params: { category: Category | null }) => ({
      ...startOver,
      ...withCategory(params.category, context.filters),
    })),
    /** The search field as typed (it applies after a pause or on Enter). */
    setDraft: assign((_, params: { q: string }) => ({ draft: params.q })),
    /** The first page, in place of the list. */
    setPage: assign(({ event }) => {
      const page = (event as unknown as { output: CreationsPage }).output;
      return { items: page.items, nextCursor: page.nextCursor };
    }),
    /** A run was deleted: the one-run page goes back to the list. */
    creationDeleted: (_, _params: { id: string; only: boolean }) => {},
    /** CREATIONS-20: a picture failed with an address still valid (a file gone, a network error): nothing to mend. */
    pictureFailed: () => {},
    /** CREATIONS-18: the page of another run (the one beside this one in My creations). */
    openCreation: (_, _params: { id: string }) => {},
    /** CREATIONS-9: the address shows the search and filters (replaced, not a new history entry). */
    filtersChanged: (_, _params: Filters) => {},
    /** The search typed applies: the list starts again from its first page (CREATIONS-8). */
    applyDraft: assign(({ context }) => ({
      ...startOver,
      filters: { ...context.filters, q: context.draft.trim() || null },
    })),
    /** The filters chosen (or the address's, or none after Clear filters) apply. */
    applyFilters: assign(({ context, event }) => {
      const merged = event.type === 'creations.filters' ? mergedFilters(context.filters, event.filters) : noFilters;
      // CREATIONS-17: a tool chosen chooses its category chip.
      const { category, filters } = withTool(context.category, merged);
      // The search field follows a search the event sets (the address's); a search still being typed stays.
      const setsQ = event.type === 'creations.filters' && event.filters.q !== undefined;
      return { ...startOver, filters, category, draft: setsQ ? (filters.q ?? '') : context.draft };
    }),
    /** Clear filters: no search (the field emptied), no filter, every category (CREATIONS-17: one filter). */
    clearFilters: assign({ ...startOver, filters: noFilters, category: null, draft: '' }),
    /** The next page goes after the list (a run listed already is not listed twice). */
    appendPage: assign(({ context, event }) => {
      const page = (event as unknown as { output: CreationsPage }).output;
      return {
        items: [...context.items, ...page.items.filter((c) => !context.items.some((known) => known.id === c.id))],
        nextCursor: page.nextCursor,
      };
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    /** CREATIONS-18: the one-run page's creation has a run beside it on that side. */
    hasNeighbour: ({ context }, p: { which: 'previous' | 'next' }) => neighbourOf(context, p.which) !== null,
    /** CREATIONS-2: a listed run that has finished (the server refuses to delete one still being made). */
    deletable: ({ context }, p: { id: string }) => context.items.some((c) => c.id === p.id && !inProgress(c)),
    /** A run shown is still being made (RUNS-6). */
    anyInProgress: ({ context }) => context.items.some(inProgress),
    /** The search field says something else than the search the list was loaded with. */
    draftPending: ({ context }) => (context.draft.trim() || null) !== context.filters.q,
    /** The filters sent differ from the list's (the address sends its own back, which changes nothing). */
    newFilters: ({ context, event }) =>
      event.type === 'creations.filters' &&
      !sameFilters(mergedFilters(context.filters, event.filters), context.filters),
    /** Clear filters has something to clear: a search, filter or category applied, or a search typed. */
    anythingToClear: ({ context }) => anyFilter(context.filters) || context.category !== null || context.draft !== '',
    selectable: ({ context }, p: { id: string }) => context.selecting && finishedIn(context, p.id),
    selecting: ({ context }) => context.selecting,
    notSelecting: ({ context }) => !context.selecting,
    hasSelection: ({ context }) => context.selected.length > 0,
    /** CREATIONS-20: the picture failed with an address past its end (a 403), not for another reason. */
    addressExpired: (_, p: { url: string }) => expiredAddress(p.url, Date.now()),
  },
  delays: {
    /** RUNS-6: the pause between two reads of a list that shows a run in progress. */
    refreshInterval: REFRESH_MS,
    /** CREATIONS-8: the pause after typing before the search applies. */
    searchPause: SEARCH_PAUSE_MS,
  },
}).createMachine({
  id: 'creations',
  description: "The person's creations gallery: load, filter, page through and manage the saved results.",
  meta: facts({ sends }),
  context: ({ input }) => contextOf(input),
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The page with its category chips and search bar in use: the list, a load of it, or its failure',
      meta: facts({
        rules: ['CREATIONS-8', 'CREATIONS-9', 'CREATIONS-17'],
        ignores: [{ events: [...deleteConfirmEvents, ...bulkConfirmEvents], why: 'No confirmation is open.' }],
      }),
      initial: 'loading',
      on: {
        // A new category, search or filters: the list starts again from its first page, and a load under way is
        // dropped (the load re-entered stops the old request).
        // CREATIONS-17: a chip may drop a tool of another category: the address is told the filters each time.
        'creations.filter': {
          target: '.loading',
          actions: [{ type: 'setCategory', params: ({ event }) => event }, reportFilters],
          meta: facts({ rules: ['CREATIONS-17'] }),
        },
        'creations.type': { actions: { type: 'setDraft', params: ({ event }) => event } },
        'creations.search': { guard: 'draftPending', target: '.loading', actions: ['applyDraft', reportFilters] },
        'creations.filters': { guard: 'newFilters', target: '.loading', actions: ['applyFilters', reportFilters] },
        'creations.clear': { guard: 'anythingToClear', target: '.loading', actions: ['clearFilters', reportFilters] },
      },
      states: {
        loading: {
          description: 'Loading the newest runs (of the chosen category, search and filters)',
          meta: facts({
            sees: [{ text: 'Loading...' }],
            ignores: [
              {
                events: [...listEvents, ...selectEvents, ...bulkEvents, ...pictureEvents, ...patchEvents],
                why: 'The first page is loading: only the category chips and the search bar are shown; the list (and its pictures), Select, Load more, Try again and the confirmations are not.',
              },
            ],
          }),
          tags: ['busy', 'loading'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => pageAfter(context, null),
            onDone: [
              // Typed while the page loaded: the search applies after the pause (CREATIONS-8).
              { guard: 'draftPending', target: 'listed.ready.typing', actions: 'setPage' },
              { target: 'listed', actions: 'setPage' },
            ],
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => messageOf(event.error, LOAD_FAILED) }),
            },
          },
        },
        listed: {
          description: 'The runs, newest first, with Select mode (CREATIONS-10) while they show or the next page loads',
          meta: facts({ rules: ['CREATIONS-1', 'CREATIONS-10'] }),
          initial: 'ready',
          on: {
            'creations.select.start': { guard: 'notSelecting', actions: 'startSelecting' },
            'creations.select.stop': { guard: 'selecting', actions: 'stopSelecting' },
            'creations.toggle': {
              guard: { type: 'selectable', params: ({ event }) => event },
              actions: { type: 'toggleSelected', params: ({ event }) => event },
            },
            'creations.selectPage': { guard: 'selecting', actions: 'selectPage' },
            // COLLECT-1, COLLECT-4: the runs a star or a collection changed show it; nothing is read again.
            'creations.patch': {
              actions: assign({ items: ({ context, event }) => patchItems(context.items, event) }),
              meta: facts({ rules: ['COLLECT-1', 'COLLECT-4'] }),
            },
          },
          states: {
            ready: {
              description: 'The runs, newest first; Load more while the server has a next page',
              meta: facts({
                sees: [
                  {
                    kind: 'list',
                    says: "the runs the server answered (or 'No creations match …' with Clear filters); Load more while it has a next page; in Select mode a checkbox on each finished run and 'N selected'; a failed call's message",
                  },
                ],
                ignores: [
                  {
                    events: ['creations.reload'],
                    why: 'Try again shows only after a failed first load; a list that is shown has no control that reloads it.',
                  },
                ],
              }),
              initial: 'idle',
              states: {
                idle: {
                  description:
                    'The list as last read; while a run of it is in progress, it is read again after a pause',
                  meta: facts({ rules: ['RUNS-6'] }),
                  after: { refreshInterval: { guard: 'anyInProgress', target: 'refreshing' } },
                  on: { 'creations.readdress': readdress },
                },
                refreshing: {
                  description:
                    'Reading the first page (or the one run) again in the background: the list stays usable, and a failed read is tried again after the next pause',
                  meta: facts({ rules: ['RUNS-6'] }),
                  invoke: {
                    id: 'refreshPage',
                    src: 'loadPage',
                    input: ({ context }) => pageAfter(context, null),
                    onDone: {
                      target: 'idle',
                      actions: assign({
                        items: ({ context, event }) => mergeFirstPage(context.items, event.output.items),
                      }),
                    },
                    // Not worth a banner: the list shown is still right as far as it goes, and the next pause tries again.
                    onError: { target: 'idle' },
                  },
                  on: { 'creations.readdress': readdress },
                },
                readdressing: {
                  description:
                    "A picture's address had passed its end: the runs shown are read again once, for addresses signed afresh, while the list stays usable",
                  meta: facts({
                    rules: ['CREATIONS-20'],
                    ignores: [
                      {
                        events: pictureEvents,
                        why: 'The runs are being read again: every picture gets its fresh address from this one read.',
                      },
                    ],
                  }),
                  invoke: {
                    id: 'reloadPages',
                    src: 'reloadPages',
                    input: ({ context }) => ({ load: pageAfter(context, null), count: context.items.length }),
                    onDone: {
                      target: 'idle',
                      actions: assign({
                        items: ({ context, event }) => withFreshAddresses(context.items, event.output),
                      }),
                    },
                    // Not worth a banner: the pictures that failed stay as they are, the rest of the list works.
                    onError: { target: 'idle' },
                  },
                },
                typing: typing('idle'),
              },
              on: {
                'creations.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ error: null }) },
                'creations.neighbour': {
                  guard: { type: 'hasNeighbour', params: ({ event }) => event },
                  actions: {
                    type: 'openCreation',
                    params: ({ context, event }) => ({ id: neighbourOf(context, event.which) ?? '' }),
                  },
                  meta: facts({ rules: ['CREATIONS-18'] }),
                },
                'creations.delete': {
                  guard: { type: 'deletable', params: ({ event }) => event },
                  target: '#creations.confirming',
                  actions: assign({ pending: ({ event }) => event.id, error: null }),
                },
                'creations.type': {
                  target: '.typing',
                  reenter: true,
                  actions: { type: 'setDraft', params: ({ event }) => event },
                },
                'creations.zip': {
                  guard: 'hasSelection',
                  target: '#creations.zipping',
                  actions: assign({ error: null }),
                  meta: facts({ rules: ['CREATIONS-11'] }),
                },
                'creations.bulkDelete': {
                  guard: 'hasSelection',
                  target: '#creations.confirmingBulk',
                  actions: assign({ error: null }),
                  meta: facts({ rules: ['CREATIONS-12'] }),
                },
              },
            },
            loadingMore: {
              description: 'Loading the next page after the cursor',
              meta: facts({
                sees: [{ role: 'button', name: 'Loading...', state: 'disabled' }],
                ignores: [
                  {
                    events: [...listEvents, ...bulkEvents],
                    why: 'The next page is loading: Load more, Download ZIP, Delete and the Delete buttons are disabled until it answers; Try again and the confirmations are not shown.',
                  },
                  {
                    events: pictureEvents,
                    why: 'A page is being read: a picture that fails meanwhile is told again by the view once the list is at rest.',
                  },
                ],
              }),
              tags: ['busy', 'loadingMore'],
              invoke: {
                id: 'loadMore',
                src: 'loadPage',
                input: ({ context }) => pageAfter(context, context.nextCursor),
                onDone: [
                  { guard: 'draftPending', target: 'ready.typing', actions: 'appendPage' },
                  { target: 'ready', actions: 'appendPage' },
                ],
                onError: {
                  target: 'ready',
                  actions: assign({ error: ({ event }) => messageOf(event.error, LOAD_FAILED) }),
                },
              },
            },
          },
        },
        failed: {
          description: 'The red banner with Try again',
          tags: ['failed'],
          meta: facts({
            sees: [{ kind: 'failed', says: "the red banner shows the server's message, with Try again" }],
            ignores: [
              {
                events: [
                  'creations.more',
                  'creations.delete',
                  'creations.neighbour',
                  ...selectEvents,
                  ...bulkEvents,
                  ...pictureEvents,
                  ...patchEvents,
                ],
                why: 'Loading failed: nothing is listed, only the chips, the search bar and Try again are shown.',
              },
            ],
          }),
          initial: 'shown',
          states: {
            shown: { description: 'The message and Try again' },
            typing: typing('shown'),
          },
          on: {
            'creations.reload': { target: 'loading', actions: assign({ error: null }) },
            'creations.type': {
              target: '.typing',
              reenter: true,
              actions: { type: 'setDraft', params: ({ event }) => event },
            },
          },
        },
      },
    },
    confirming: {
      description: DELETE_CONFIRMATION,
      tags: ['confirming'],
      meta: facts({
        rules: ['CREATIONS-2'],
        sees: [
          { role: 'dialog', name: 'Delete creation' },
          { role: 'button', name: 'Delete', state: 'enabled' },
        ],
        ignores: [{ events: allBut(...deleteConfirmEvents), why: MODAL }],
      }),
      on: {
        'creations.delete.confirm': { target: 'deleting' },
        'creations.delete.cancel': { target: 'browsing.listed', actions: assign({ pending: null }) },
      },
    },
    deleting: {
      description: 'Deleting the run and its files on the server',
      meta: facts({
        rules: ['CREATIONS-2'],
        sees: [{ role: 'button', name: 'Deleting...', state: 'disabled' }],
        ignores: [{ events: sends, why: IN_FLIGHT }],
      }),
      tags: ['busy', 'deleting'],
      invoke: {
        id: 'deleteCreation',
        src: 'deleteCreation',
        input: ({ context }) => ({ id: context.pending ?? '' }),
        onDone: {
          target: 'browsing.listed',
          actions: [
            {
              type: 'creationDeleted',
              params: ({ context }) => ({ id: context.pending ?? '', only: context.only !== null }),
            },
            assign({
              items: ({ context }) => context.items.filter((c) => c.id !== context.pending),
              selected: ({ context }) => context.selected.filter((id) => id !== context.pending),
              pending: null,
            }),
          ],
        },
        onError: {
          target: 'browsing.listed',
          actions: assign({ error: ({ event }) => messageOf(event.error, DELETE_FAILED), pending: null }),
        },
      },
    },
    zipping: {
      description: 'Downloading the chosen runs as one ZIP, saved as atelier-creations-{YYYY-MM-DD}.zip',
      tags: ['busy', 'zipping'],
      meta: facts({
        rules: ['CREATIONS-11'],
        sees: [{ role: 'button', name: 'Preparing ZIP...', state: 'disabled' }],
        ignores: [
          {
            events: sends,
            why: 'The ZIP is being made: the search, the filters and Select mode are disabled so the choice does not change under it.',
          },
        ],
      }),
      invoke: {
        id: 'downloadZip',
        src: 'downloadZip',
        input: ({ context }) => ({ ids: context.selected }),
        onDone: { target: 'browsing.listed' },
        onError: {
          target: 'browsing.listed',
          actions: assign({ error: ({ event }) => messageOf(event.error, ZIP_FAILED) }),
        },
      },
    },
    confirmingBulk: {
      description: 'Delete N creations? This cannot be undone.',
      tags: ['confirmingBulk'],
      meta: facts({
        rules: ['CREATIONS-12'],
        sees: [
          { role: 'dialog', name: 'Delete creations' },
          { role: 'button', name: 'Delete', state: 'enabled' },
        ],
        ignores: [{ events: allBut(...bulkConfirmEvents), why: MODAL }],
      }),
      on: {
        'creations.bulkDelete.confirm': { target: 'bulkDeleting' },
        'creations.bulkDelete.cancel': { target: 'browsing.listed' },
      },
    },
    bulkDeleting: {
      description: 'Deleting the chosen runs together on the server, all or none',
      tags: ['busy', 'bulkDeleting'],
      meta: facts({
        rules: ['CREATIONS-12'],
        sees: [{ role: 'button', name: 'Deleting...', state: 'disabled' }],
        ignores: [{ events: sends, why: IN_FLIGHT }],
      }),
      invoke: {
        id: 'deleteCreations',
        src: 'deleteCreations',
        input: ({ context }) => ({ ids: context.selected }),
        // All gone: the list reads its first page again (with the same search), Select mode ends.
        onDone: { target: 'browsing', actions: assign({ ...startOver, selecting: false }) },
        // None gone (all or none): the server's refusal, and the choice stays.
        onError: {
          target: 'browsing.listed',
          actions: assign({ error: ({ event }) => messageOf(event.error, BULK_DELETE_FAILED) }),
        },
      },
    },
  },
});

export type CreationsMachine = typeof creationsMachine;
