/**
 * The billing flows with their real effects (the session's token): the checkout (CHECKOUT-1 to CHECKOUT-4: the
 * payment calls, a full-page redirect to the hosted checkout, the console and an alert for failures), the return
 * from it (the status call, the balance to the session, the address without ?checkout), and Settings' credit
 * history pages, its CSV download and the month's spending by tool.
 */
import { saveBlob } from '../shared/save-file';
import { fromPromise } from 'xstate';
import { creditCsvMachine, csvFileName } from './credit-csv.machine';
import { creditHistoryMachine } from './credit-history.machine';
import { spendingMachine } from './spending.machine';
import { reportCredits } from '../session/session.effects';
import { defineFlow } from '../shared/flow.effects';
import { checkoutMachine } from './checkout.machine';
import { checkoutReturnMachine } from './checkout-return.machine';

export const creditHistoryFlow = defineFlow(creditHistoryMachine)(({ api }) => ({
  actors: {
    loadHistory: fromPromise(async ({ input, signal }) => (await api()).getCreditHistory(input.cursor, { signal })),
  },
}));

/** Saves `text` as a file named `name` of the given type. */
export function saveTextFile(win: Window & typeof globalThis, text: string, name: string, type: string): void {
  saveBlob(win, new win.Blob([text], { type }), name);
}

export const creditCsvFlow = defineFlow(creditCsvMachine)(({ api, window }) => ({
  actors: {
    fetchCsv: fromPromise(async ({ signal }) => (await api()).getCreditHistoryCsv({ signal })),
  },
  actions: {
    saveCsv: (_, { text }) => saveTextFile(window(), text, csvFileName(new Date()), 'text/csv;charset=utf-8'),
  },
}));

export const spendingFlow = defineFlow(spendingMachine)(({ api }) => ({
  actors: {
    loadSpending: fromPromise(async ({ input, signal }) => (await api()).getSpending(input.month, { signal })),
  },
}));

export const checkoutFlow = defineFlow(checkoutMachine)(({ api, window }) => ({
  actors: {
    createSubscription: fromPromise(async ({ input }) => (await api()).createSubscription(input)),
    createCheckoutSession: fromPromise(async ({ input }) => (await api()).createCheckoutSession(input)),
  },
  actions: {
    redirectToCheckout: (_, params) => window().location.assign(params.url),
    logError: (_, params) => window().console.error(params.message, params.error),
    alert: (_, params) => window().alert(params.message),
  },
}));

export const checkoutReturnFlow = defineFlow(checkoutReturnMachine)(({ api, session, navigate }) => ({
  actors: {
    checkoutStatus: fromPromise(async ({ input, signal }) =>
      (await api()).getCheckoutStatus(input.sessionId, { signal }),
    ),
  },
  actions: {
    refreshUser: ({ context }) => {
      // The badges show the new balance at once (the one path of a balance: the session); the reload brings
      // the plan too.
      if (context.balance !== null) reportCredits(session(), context.balance);
      session().send({ type: 'user.refresh' });
    },
    clearAddress: () => navigate({ to: '.', replace: true }),
  },
}));
