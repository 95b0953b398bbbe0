/** Billing flows of Settings with their real effects: the credit history pages (with the session's token). */
import { fromPromise } from 'xstate';
import { creditHistoryMachine } from '../../machines/billing/credit-history.machine';
import { defineFlow } from './flow';

export const creditHistoryFlow = defineFlow(creditHistoryMachine)(({ api }) => ({
  actors: {
    loadHistory: fromPromise(async ({ input, signal }) => (await api()).getCreditHistory(input.cursor, { signal })),
  },
}));
