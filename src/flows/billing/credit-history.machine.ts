/**
 * The credit history of Settings › Billing: the ledger newest first, one server page at a time
 * (GET /api/users/credits/history?cursor=). "Show more" appends the next, older page; a failed first
 * page can be retried, a failed further page keeps what is shown and says so.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CreditEntry, CreditHistoryAnswer } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const HISTORY_FAILED = 'Failed to load the credit history. Please try again.';

/** Why a state that loads a page ignores both events (read in its `facts(...)`). */
const pageLoading = {
  events: ['history.more', 'history.retry'],
  why: 'A page is loading: "Show more" is disabled and there is no failure to retry.',
};

export interface CreditHistoryContext {
  entries: CreditEntry[];
  /** The cursor of the next, older page; null when the last page is shown. */
  nextCursor: string | null;
  error: string | null;
}

export type CreditHistoryEvent =
  /** Load the next, older page. */
  | { type: 'history.more' }
  /** Try the first page again after a failure. */
  | { type: 'history.retry' };

export const creditHistoryMachine = setup({
  types: {
    context: {} as CreditHistoryContext,
    events: {} as CreditHistoryEvent,
  },
  actors: {
    /** GET /api/users/credits/history (?cursor= for older pages). */
    loadHistory: fromPromise<CreditHistoryAnswer, { cursor: string | null }>(async () => notProvided('loadHistory')),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'creditHistory',
  description: 'The credit history list: load the first page, load more, retry after a failure.',
  meta: facts({ sends: ['history.more', 'history.retry'] }),
  context: { entries: [], nextCursor: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the newest entries',
      meta: facts({
        sees: [{ text: 'Loading...' }],
        ignores: [pageLoading],
      }),
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadFirst',
        src: 'loadHistory',
        input: { cursor: null },
        onDone: {
          target: 'ready',
          actions: assign({
            entries: ({ event }) => event.output.entries,
            nextCursor: ({ event }) => event.output.nextCursor,
            error: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, HISTORY_FAILED) }),
        },
      },
    },
    ready: {
      description: 'The entries shown; "Show more" when older ones exist',
      meta: facts({
        rules: ['ACCOUNT-9'],
        sees: [
          {
            kind: 'history',
            says: 'a row per entry (its day and time, what, change, balance), Show more when older ones exist, and the failure of a further page if any',
          },
        ],
        ignores: [
          {
            events: ['history.retry'],
            why: 'The first page is shown: a failed further page is retried with "Show more".',
          },
        ],
      }),
      on: { 'history.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ error: null }) } },
    },
    loadingMore: {
      description: 'Loading the next, older page',
      meta: facts({
        rules: ['ACCOUNT-9'],
        sees: [{ role: 'button', name: 'Loading...', state: 'disabled' }],
        ignores: [pageLoading],
      }),
      tags: ['busy', 'loadingMore'],
      invoke: {
        id: 'loadMore',
        src: 'loadHistory',
        input: ({ context }) => ({ cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          actions: assign({
            entries: ({ context, event }) => [...context.entries, ...event.output.entries],
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ error: ({ event }) => messageOf(event.error, HISTORY_FAILED) }),
        },
      },
    },
    failed: {
      description: 'The first page failed to load',
      tags: ['failed'],
      meta: facts({
        sees: [{ kind: 'failed', says: "the server's message in an alert, and Try again" }],
        ignores: [
          { events: ['history.more'], why: 'Nothing is shown to follow: the failure offers "Try again" only.' },
        ],
      }),
      on: { 'history.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});

export type CreditHistoryMachine = typeof creditHistoryMachine;
