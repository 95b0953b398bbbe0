/**
 * My creations (/creations and /creations/{id}): load the user's runs newest first, load more by
 * the server's cursor, filter by category, and delete one after a confirmation. The one-run page
 * is the same flow with `only` set: it loads that run, and a delete ends with `creationDeleted`
 * (the app goes back to the list). While a run it shows is in progress, the list reads its first page
 * (or the one run) again every REFRESH_MS, so a run's status changes there by itself (RUNS-6).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Creation, CreationsPage } from '../../src/api/schemas';
import type { Category } from '../../src/catalog/tools';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const LOAD_FAILED = 'Failed to load your creations. Please try again.';
export const DELETE_FAILED = 'Failed to delete the creation. Please try again.';
export const DELETE_CONFIRMATION = 'Delete this creation and its files? This cannot be undone.';
/** RUNS-6: how often a list showing a run in progress reads it again. */
export const REFRESH_MS = 4_000;

/** A run still being made (queued runs are listed as 'starting'). */
export const inProgress = (c: Creation) => c.status === 'starting' || c.status === 'processing';

/** A run's output as one address or text: the first of several, or null when there is none. */
export const firstOutputOf = (c: Creation): string | null =>
  Array.isArray(c.output) ? (c.output[0] ?? null) : c.output;

/**
 * A fresh first page over the list shown: its runs replace theirs (a new status, output or error),
 * runs new since are put first, and the pages loaded after it stay.
 */
export function mergeFirstPage(items: readonly Creation[], fresh: readonly Creation[]): Creation[] {
  const byId = new Map(fresh.map((c) => [c.id, c]));
  const known = new Set(items.map((c) => c.id));
  return [...fresh.filter((c) => !known.has(c.id)), ...items.map((c) => byId.get(c.id) ?? c)];
}

export interface CreationsInput {
  /** The one-run page: load only this run. */
  only?: string | null;
  category?: Category | null;
  /** How many runs a page holds (the server's default when absent); the catalogue's strip of recent creations asks for a few. */
  limit?: number | null;
}

export interface LoadInput {
  only: string | null;
  category: Category | null;
  cursor: string | null;
  limit: number | null;
}

export interface CreationsContext {
  only: string | null;
  category: Category | null;
  limit: number | null;
  items: readonly Creation[];
  nextCursor: string | null;
  /** The run waiting for the delete confirmation, or being deleted. */
  pending: string | null;
  error: string | null;
}

export type CreationsEvent =
  | { type: 'creations.more' }
  | { type: 'creations.filter'; category: Category | null }
  | { type: 'creations.reload' }
  | { type: 'creations.delete'; id: string }
  | { type: 'creations.delete.confirm' }
  | { type: 'creations.delete.cancel' };

/** The list's own events (Load more, Try again, Delete and its confirmation): the chips send creations.filter besides. */
const listEvents = [
  'creations.more',
  'creations.reload',
  'creations.delete',
  'creations.delete.confirm',
  'creations.delete.cancel',
];

/** What a load asks for: the list's filter and page size, from the first page (`cursor` null) or after a cursor. */
const pageAfter = (context: CreationsContext, cursor: string | null): LoadInput => ({
  only: context.only,
  category: context.category,
  cursor,
  limit: context.limit,
});

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
  },
  actions: {
    /** A run was deleted: the one-run page goes back to the list. */
    creationDeleted: (_, _params: { id: string; only: boolean }) => {},
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    /** CREATIONS-2: a listed run that has finished (the server refuses to delete one still being made). */
    deletable: ({ context }, p: { id: string }) => context.items.some((c) => c.id === p.id && !inProgress(c)),
    /** A run shown is still being made (RUNS-6). */
    anyInProgress: ({ context }) => context.items.some(inProgress),
  },
  delays: {
    /** RUNS-6: the pause between two reads of a list that shows a run in progress. */
    refreshInterval: REFRESH_MS,
  },
}).createMachine({
  id: 'creations',
  description: "The person's creations gallery: load, filter, page through and manage the saved results.",
  meta: facts({
    sends: ['creations.filter', ...listEvents],
  }),
  context: ({ input }) => ({
    only: input.only ?? null,
    category: input.category ?? null,
    limit: input.limit ?? null,
    items: [],
    nextCursor: null,
    pending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the newest runs (of the chosen category)',
      meta: facts({
        sees: [{ text: 'Loading...' }],
        ignores: [
          {
            events: listEvents,
            why: 'The first page is loading: only the category chips are shown; the list, Load more, Try again and the confirmation are not.',
          },
        ],
      }),
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => pageAfter(context, null),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ event }) => event.output.items,
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, LOAD_FAILED) }) },
      },
      on: {
        // A new filter while loading: the old request is dropped (re-entering stops it).
        'creations.filter': {
          target: 'loading',
          reenter: true,
          actions: assign({ category: ({ event }) => event.category }),
        },
      },
    },
    ready: {
      description: 'The runs, newest first; Load more while the server has a next page',
      meta: facts({
        rules: ['CREATIONS-1'],
        sees: [
          {
            kind: 'list',
            says: "the runs the server answered; Load more while it has a next page; a failed next page's message",
          },
        ],
        ignores: [
          { events: ['creations.delete.confirm', 'creations.delete.cancel'], why: 'The confirmation is not open.' },
          {
            events: ['creations.reload'],
            why: 'Try again shows only after a failed first load; a list that is shown has no control that reloads it.',
          },
        ],
      }),
      initial: 'idle',
      states: {
        idle: {
          description: 'The list as last read; while a run of it is in progress, it is read again after a pause',
          meta: facts({ rules: ['RUNS-6'] }),
          after: { refreshInterval: { guard: 'anyInProgress', target: 'refreshing' } },
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
              actions: assign({ items: ({ context, event }) => mergeFirstPage(context.items, event.output.items) }),
            },
            // Not worth a banner: the list shown is still right as far as it goes, and the next pause tries again.
            onError: { target: 'idle' },
          },
        },
      },
      on: {
        'creations.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ error: null }) },
        'creations.filter': {
          target: 'loading',
          actions: assign({ category: ({ event }) => event.category, items: [], nextCursor: null, error: null }),
        },
        'creations.delete': {
          guard: { type: 'deletable', params: ({ event }) => event },
          target: 'confirming',
          actions: assign({ pending: ({ event }) => event.id, error: null }),
        },
      },
    },
    loadingMore: {
      description: 'Loading the next page after the cursor',
      meta: facts({
        rules: ['CREATIONS-1'],
        sees: [{ role: 'button', name: 'Loading...', state: 'disabled' }],
        ignores: [
          {
            events: listEvents,
            why: 'The next page is loading: Load more and the Delete buttons are disabled until it answers; Try again and the confirmation are not shown.',
          },
        ],
      }),
      tags: ['busy', 'loadingMore'],
      invoke: {
        id: 'loadMore',
        src: 'loadPage',
        input: ({ context }) => pageAfter(context, context.nextCursor),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ context, event }) => [
              ...context.items,
              ...event.output.items.filter((c) => !context.items.some((known) => known.id === c.id)),
            ],
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageOf(event.error, LOAD_FAILED) }) },
      },
      on: {
        // The chips stay live while the next page loads: a new filter drops that page and starts over.
        'creations.filter': {
          target: 'loading',
          actions: assign({ category: ({ event }) => event.category, items: [], nextCursor: null, error: null }),
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
        ignores: [
          {
            events: ['creations.more', 'creations.filter', 'creations.reload', 'creations.delete'],
            why: 'The confirmation is a modal dialog: the page behind it cannot be used until it is answered.',
          },
        ],
      }),
      on: {
        'creations.delete.confirm': { target: 'deleting' },
        'creations.delete.cancel': { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    deleting: {
      description: 'Deleting the run and its files on the server',
      meta: facts({
        rules: ['CREATIONS-2'],
        sees: [{ role: 'button', name: 'Deleting...', state: 'disabled' }],
        ignores: [
          {
            events: ['creations.filter', ...listEvents],
            why: 'The delete is in flight: the dialog stays open with its buttons disabled until the server answers.',
          },
        ],
      }),
      tags: ['busy', 'deleting'],
      invoke: {
        id: 'deleteCreation',
        src: 'deleteCreation',
        input: ({ context }) => ({ id: context.pending ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'creationDeleted',
              params: ({ context }) => ({ id: context.pending ?? '', only: context.only !== null }),
            },
            assign({ items: ({ context }) => context.items.filter((c) => c.id !== context.pending), pending: null }),
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => messageOf(event.error, DELETE_FAILED), pending: null }),
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
            events: ['creations.more', 'creations.delete', 'creations.delete.confirm', 'creations.delete.cancel'],
            why: 'Loading failed: nothing is listed, only the chips and Try again are shown.',
          },
        ],
      }),
      on: {
        'creations.reload': { target: 'loading', actions: assign({ error: null }) },
        'creations.filter': {
          target: 'loading',
          actions: assign({ category: ({ event }) => event.category, error: null }),
        },
      },
    },
  },
});

export type CreationsMachine = typeof creationsMachine;
