/**
 * The credit history's "Download CSV" (CREDITS-11, CREDITS-12): the whole history asked for with the
 * session's token (GET /api/users/credit-history.csv), then saved by the browser as
 * atelier-credit-history-{YYYY-MM-DD}.csv; a failure says why and the button tries again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const CSV_FAILED = 'Failed to download the credit history. Please try again.';

/** The saved file's name on `date` (UTC day): atelier-credit-history-2026-11-26.csv. */
export const csvFileName = (date: Date): string => `atelier-credit-history-${date.toISOString().slice(0, 10)}.csv`;

export interface CreditCsvContext {
  error: string | null;
}

/** Download the whole history as CSV. */
export type CreditCsvEvent = { type: 'csv.download' };

export const creditCsvMachine = setup({
  types: {
    context: {} as CreditCsvContext,
    events: {} as CreditCsvEvent,
  },
  actors: {
    /** GET /api/users/credit-history.csv with the session's token: the file's text. */
    fetchCsv: fromPromise<string>(async () => notProvided('fetchCsv')),
  },
  actions: {
    /** Saves the text as a file (a Blob, its object URL and an a[download] click) named by csvFileName. */
    saveCsv: (_, _params: { text: string }) => {},
  },
}).createMachine({
  id: 'creditCsv',
  description: 'Download CSV of the credit history: ask for the file, save it, or say why it failed.',
  meta: facts({ sends: ['csv.download'] }),
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Download CSV ready',
      meta: facts({
        rules: ['CREDITS-11'],
        sees: [{ role: 'button', name: 'Download CSV', state: 'enabled' }],
      }),
      on: { 'csv.download': { target: 'downloading' } },
    },
    downloading: {
      description: 'Asking the server for the file',
      tags: ['busy'],
      meta: facts({
        rules: ['CREDITS-11'],
        sees: [{ role: 'button', name: 'Downloading...', state: 'disabled' }],
        ignores: [{ events: ['csv.download'], why: 'The file is on its way: the button is disabled.' }],
      }),
      invoke: {
        id: 'fetchCsv',
        src: 'fetchCsv',
        onDone: {
          target: 'idle',
          actions: [{ type: 'saveCsv', params: ({ event }) => ({ text: event.output }) }, assign({ error: null })],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, CSV_FAILED) }),
        },
      },
    },
    failed: {
      description: 'The download failed: the reason, and Download CSV again',
      tags: ['failed'],
      meta: facts({
        rules: ['CREDITS-12'],
        sees: [
          { kind: 'csvFailed', says: "the server's message (or the fallback) in an alert" },
          { role: 'button', name: 'Download CSV', state: 'enabled' },
        ],
      }),
      on: { 'csv.download': { target: 'downloading', actions: assign({ error: null }) } },
    },
  },
});

export type CreditCsvMachine = typeof creditCsvMachine;
