/** Billing flows of Settings with their real effects: the credit history pages (with the session's token). */
import { fromPromise } from 'xstate';
import { creditHistoryMachine } from '../../machines/billing/credit-history.machine';
import { loadEndpoints, sessionCredentials } from './api';
import type { AppActor } from './create-app';

export const creditHistoryFlow = (app: AppActor) =>
  creditHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise(async ({ input, signal }) =>
        (await loadEndpoints(sessionCredentials(app.system))).getCreditHistory(input.cursor, { signal }),
      ),
    },
  });
