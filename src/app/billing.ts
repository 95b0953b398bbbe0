/**
 * Billing flows of Settings with their real effects (the session's token): the credit history pages, its
 * CSV download, the month's spending by tool.
 */
import { fromPromise } from 'xstate';
import { creditCsvMachine, csvFileName } from '../flows/billing/credit-csv.machine';
import { creditHistoryMachine } from '../flows/billing/credit-history.machine';
import { spendingMachine } from '../flows/billing/spending.machine';
import { defineFlow } from './flow';

export const creditHistoryFlow = defineFlow(creditHistoryMachine)(({ api }) => ({
  actors: {
    loadHistory: fromPromise(async ({ input, signal }) => (await api()).getCreditHistory(input.cursor, { signal })),
  },
}));

/** Saves `text` as a file named `name`: a Blob, its object URL and a click on an a[download]. */
export function saveTextFile(win: Window & typeof globalThis, text: string, name: string, type: string): void {
  const url = win.URL.createObjectURL(new win.Blob([text], { type }));
  const link = win.document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  win.document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is let go once the browser has read it.
  win.setTimeout(() => win.URL.revokeObjectURL(url), 1000);
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
