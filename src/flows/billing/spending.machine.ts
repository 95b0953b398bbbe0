/**
 * "Spending in {Month YYYY}" in Settings › Billing (CREDITS-9, CREDITS-10): what one month's runs cost, by
 * tool (GET /api/users/spending?month=YYYY-MM). It opens on the current month; Previous month and Next
 * month load another, never past the current one nor before the month the account was made; a failed load
 * can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SpendingAnswer } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const SPENDING_FAILED = 'Failed to load your spending. Please try again.';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'YYYY-MM' of a date (UTC, as the server counts months). */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/** 'YYYY-MM' of an ISO date-time, or null when there is none or it is not a date. */
export function monthOfStamp(stamp: string | null | undefined): string | null {
  const date = new Date(stamp ?? '');
  return stamp && !Number.isNaN(date.getTime()) ? monthOf(date) : null;
}

/** The month `by` months after `month` ('2026-01', -1 → '2025-12'). */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'November 2026' for '2026-11'. */
export function monthName(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1] ?? ''} ${year}`;
}

/** What an empty month says (CREDITS-10). */
export const emptyMonthText = (month: string): string => `No credits spent in ${monthName(month)}.`;

export interface SpendingInput {
  /** The current month, 'YYYY-MM' (UTC): the first shown and the last that can be. */
  current: string;
  /** When the account was made (ISO date-time, the user's createdAt): its month is the first that can be shown. */
  createdAt?: string | null;
}

export interface SpendingContext {
  current: string;
  /** The account's first month, 'YYYY-MM' (UTC), or null when unknown (then every earlier month can be shown). */
  first: string | null;
  /** The month shown or loading. */
  month: string;
  spending: SpendingAnswer | null;
  error: string | null;
}

export type SpendingEvent =
  /** Show the month before. */
  | { type: 'spending.previous' }
  /** Show the month after (not past the current one). */
  | { type: 'spending.next' }
  /** Load the month again after a failure. */
  | { type: 'spending.retry' };

const monthLoading = {
  events: ['spending.previous', 'spending.next', 'spending.retry'],
  why: 'A month is loading: the month buttons are disabled and there is no failure to retry.',
};

export const spendingMachine = setup({
  types: {
    context: {} as SpendingContext,
    events: {} as SpendingEvent,
    input: {} as SpendingInput,
  },
  actors: {
    /** GET /api/users/spending?month=YYYY-MM. */
    loadSpending: fromPromise<SpendingAnswer, { month: string }>(async () => notProvided('loadSpending')),
  },
  guards: {
    beforeCurrent: ({ context }) => context.month < context.current,
    afterFirst: ({ context }) => context.first === null || context.month > context.first,
  },
}).createMachine({
  id: 'spending',
  description: "A month's spending by tool: load it, go to the month before or after, retry after a failure.",
  meta: facts({ sends: ['spending.previous', 'spending.next', 'spending.retry'], rules: ['CREDITS-9'] }),
  context: ({ input }) => ({
    current: input.current,
    first: monthOfStamp(input.createdAt),
    month: input.current,
    spending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "Loading the month's spending",
      tags: ['busy', 'loading'],
      meta: facts({
        rules: ['CREDITS-10'],
        sees: [{ kind: 'spendingLoading', says: "'Loading...' in the spending section, the month buttons disabled" }],
        ignores: [monthLoading],
      }),
      invoke: {
        id: 'loadSpending',
        src: 'loadSpending',
        input: ({ context }) => ({ month: context.month }),
        onDone: {
          target: 'ready',
          actions: assign({ spending: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ spending: null, error: ({ event }) => messageOf(event.error, SPENDING_FAILED) }),
        },
      },
    },
    ready: {
      description: "The month's spending shown: chart and table, or the empty month's sentence",
      meta: facts({
        rules: ['CREDITS-9', 'CREDITS-10'],
        sees: [
          {
            kind: 'spending',
            says: "'Spending in {Month YYYY}' as the heading; a table row per tool (runs, credits) most spent first with a total row and a bar each with its credits, or 'No credits spent in {Month YYYY}.'; Previous month only after the month the account was made, Next month only before the current month",
          },
        ],
        ignores: [{ events: ['spending.retry'], why: 'The month is shown: there is no failure to retry.' }],
      }),
      on: {
        'spending.previous': {
          guard: 'afterFirst',
          target: 'loading',
          actions: assign({ month: ({ context }) => shiftMonth(context.month, -1), spending: null }),
        },
        'spending.next': {
          guard: 'beforeCurrent',
          target: 'loading',
          actions: assign({ month: ({ context }) => shiftMonth(context.month, 1), spending: null }),
        },
      },
    },
    failed: {
      description: 'The month failed to load',
      tags: ['failed'],
      meta: facts({
        rules: ['CREDITS-10'],
        sees: [{ kind: 'spendingFailed', says: "the server's message in an alert, and Try again" }],
        ignores: [
          {
            events: ['spending.previous', 'spending.next'],
            why: 'The failure offers Try again only; the month buttons are disabled until a month is shown.',
          },
        ],
      }),
      on: { 'spending.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});

export type SpendingMachine = typeof spendingMachine;
