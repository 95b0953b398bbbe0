/** Cancel subscription (ACCOUNT-7): confirm, cancel, reload the page on success. */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const CANCEL_CONFIRMATION =
  'Are you sure you want to cancel your subscription? You keep access until the end of the billing period.';

export const cancelSubscriptionMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as
      | { type: 'subscription.cancel' }
      | { type: 'subscription.cancel.confirm' }
      | { type: 'subscription.cancel.dismiss' },
  },
  actors: {
    cancelSubscription: fromPromise<{ success: boolean; message?: string | undefined }>(async () =>
      notProvided('cancelSubscription'),
    ),
  },
  actions: {
    reloadPage: () => {},
  },
  guards: {
    cancelled: (_, params: { success: boolean }) => params.success,
  },
}).createMachine({
  id: 'cancelSubscription',
  description:
    'Cancelling the subscription from the account page: ask to confirm, cancel at the server, show the outcome.',
  meta: facts({ sends: ['subscription.cancel', 'subscription.cancel.confirm', 'subscription.cancel.dismiss'] }),
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Billing with a Cancel subscription button',
      meta: facts({
        sees: [
          { role: 'button', name: 'Cancel subscription', state: 'enabled' },
          { kind: 'error', says: "after a failed request, the server's message in the red banner" },
        ],
        ignores: [
          {
            events: ['subscription.cancel.confirm', 'subscription.cancel.dismiss'],
            why: 'The confirmation is not open.',
          },
        ],
      }),
      on: { 'subscription.cancel': { target: 'confirming', actions: assign({ error: null }) } },
    },
    confirming: {
      description: 'The confirmation dialog',
      tags: ['confirming'],
      meta: facts({
        rules: ['ACCOUNT-7'],
        sees: [{ role: 'dialog', name: 'Cancel subscription' }],
        ignores: [{ events: ['subscription.cancel'], why: 'The confirmation is already open.' }],
      }),
      on: {
        'subscription.cancel.confirm': { target: 'cancelling' },
        'subscription.cancel.dismiss': { target: 'idle' },
      },
    },
    cancelling: {
      description: 'Cancelling at the end of the billing period',
      meta: facts({
        rules: ['ACCOUNT-7'],
        sees: [{ role: 'button', name: 'Cancelling...', state: 'disabled' }],
        ignores: [
          {
            events: ['subscription.cancel', 'subscription.cancel.confirm', 'subscription.cancel.dismiss'],
            why: 'The cancellation is under way or done: the buttons are disabled, then the plan shows as cancelled.',
          },
        ],
      }),
      tags: ['busy'],
      invoke: {
        id: 'cancelSubscription',
        src: 'cancelSubscription',
        onDone: [
          {
            guard: { type: 'cancelled', params: ({ event }) => ({ success: event.output.success }) },
            target: 'cancelled',
            actions: 'reloadPage',
          },
          { target: 'idle', actions: assign({ error: 'Failed to cancel subscription. Please try again.' }) },
        ],
        onError: { target: 'idle', actions: assign({ error: 'Failed to cancel subscription. Please try again.' }) },
      },
    },
    cancelled: {
      meta: facts({
        rules: ['ACCOUNT-7'],
        sees: [
          {
            kind: 'cancelledNotice',
            says: 'the page reloads and says the plan is cancelled, with the date access ends',
          },
        ],
        ignores: [
          {
            events: ['subscription.cancel', 'subscription.cancel.confirm', 'subscription.cancel.dismiss'],
            why: 'The cancellation is under way or done: the buttons are disabled, then the plan shows as cancelled.',
          },
        ],
      }),
      description: 'Cancelled; the page reloads',
      type: 'final',
    },
  },
});
