/**
 * Checkout (CHECKOUT-1 to CHECKOUT-4): ask the server for a
 * hosted checkout session, then send the browser there. A subscription failure is only logged; a
 * credit purchase failure raises an alert. Visitors never get here: the views open the login dialog.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { BillingCycle, PaidPlanId } from '../../catalog/plans';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const NO_SESSION_ID = 'No session ID returned from server';
export const SUBSCRIPTION_FAILED = 'Failed to create subscription';
/** CHECKOUT-4 gives only the alert's frame; this is the text when a failure carries no message. */
export const PURCHASE_FALLBACK = 'Failed to create checkout session';
export const purchaseFailed = (message: string): string => `Purchase failed: ${message}`;

/** What the server answers; either field may be missing from a broken answer (CHECKOUT-2: a missing id is an error). */
export interface CheckoutSession {
  sessionId?: string | undefined;
  url?: string | undefined;
}

export interface CheckoutContext {
  /** The plan or pack being bought (its button says so); null when idle. */
  pending: string | null;
}

export type CheckoutEvent =
  | { type: 'checkout.subscribe'; planId: PaidPlanId; billingCycle: BillingCycle }
  | { type: 'checkout.buyPack'; priceId: string; credits: number }
  /** The browser came back to this page from the hosted checkout (back button, page restored from cache). */
  | { type: 'checkout.return' };

const hasSession = (output: CheckoutSession): boolean =>
  typeof output.sessionId === 'string' &&
  output.sessionId !== '' &&
  typeof output.url === 'string' &&
  output.url !== '';

const sessionOf = (output: CheckoutSession) => ({ url: output.url ?? '', sessionId: output.sessionId ?? '' });

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    /** POST /api/stripe/create-subscription {planId, billingCycle}. */
    createSubscription: fromPromise<CheckoutSession, { planId: PaidPlanId; billingCycle: BillingCycle }>(async () =>
      notProvided('createSubscription'),
    ),
    /** POST /api/stripe/create-checkout-session {priceId, credits}. */
    createCheckoutSession: fromPromise<CheckoutSession, { priceId: string; credits: number }>(async () =>
      notProvided('createCheckoutSession'),
    ),
  },
  actions: {
    /** Sends the browser to the hosted checkout (the app: window.location.assign(url)). */
    redirectToCheckout: (_, _params: { url: string; sessionId: string }) => {},
    /** Subscription failures are only logged (CHECKOUT-3). */
    logError: (_, _params: { message: string; error: unknown }) => {},
    /** Credit purchase failures raise an alert (CHECKOUT-4). */
    alert: (_, _params: { message: string }) => {},
    clearPending: assign({ pending: null }),
  },
  guards: {
    hasSession: (_, params: CheckoutSession) => hasSession(params),
  },
}).createMachine({
  id: 'checkout',
  description: 'Starting a payment for a subscription or a credit pack and sending the person to the payment page.',
  meta: facts({ sends: ['checkout.subscribe', 'checkout.buyPack', 'checkout.return'] }),
  context: { pending: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Plans and packs ready to buy',
      meta: facts({
        rules: ['BILL-5', 'CHECKOUT-3'],
        sees: [{ kind: 'ready', says: 'the plan and pack buttons are ready, none says Processing...' }],
        ignores: [
          {
            events: ['checkout.return'],
            why: 'Nothing is being bought: a return from the payment page is handled by the page the buyer lands on.',
          },
        ],
      }),
      on: {
        'checkout.subscribe': {
          target: 'processing.subscription',
          actions: assign({ pending: ({ event }) => event.planId }),
        },
        'checkout.buyPack': { target: 'processing.pack', actions: assign({ pending: ({ event }) => event.priceId }) },
      },
    },
    processing: {
      description: 'Asking the server for a checkout session; every plan and pack button is disabled',
      meta: facts({
        rules: ['BILL-5', 'CHECKOUT-1', 'CHECKOUT-2', 'CHECKOUT-3', 'CHECKOUT-4'],
        sees: [{ role: 'button', name: 'Processing...', state: 'disabled' }],
        ignores: [
          {
            events: ['checkout.subscribe', 'checkout.buyPack'],
            why: 'One checkout at a time: the plan and pack buttons are disabled while one is processing.',
          },
          {
            events: ['checkout.return'],
            why: 'The browser has not left for the payment page yet, so it cannot come back from it.',
          },
        ],
      }),
      tags: ['busy'],
      // Always entered through a child (the event says which); xstate still wants an initial one.
      initial: 'subscription',
      states: {
        subscription: {
          description: 'Creating the subscription checkout',
          invoke: {
            id: 'createSubscription',
            src: 'createSubscription',
            input: ({ event }) => {
              assertEvent(event, 'checkout.subscribe');
              return { planId: event.planId, billingCycle: event.billingCycle };
            },
            onDone: [
              {
                guard: { type: 'hasSession', params: ({ event }) => event.output },
                target: '#checkout.redirecting',
                actions: { type: 'redirectToCheckout', params: ({ event }) => sessionOf(event.output) },
              },
              {
                target: '#checkout.idle',
                actions: [
                  'clearPending',
                  { type: 'logError', params: ({ event }) => ({ message: NO_SESSION_ID, error: event.output }) },
                ],
              },
            ],
            onError: {
              target: '#checkout.idle',
              actions: [
                'clearPending',
                {
                  type: 'logError',
                  params: ({ event }) => ({ message: messageOf(event.error, SUBSCRIPTION_FAILED), error: event.error }),
                },
              ],
            },
          },
        },
        pack: {
          description: 'Creating the credit pack checkout',
          invoke: {
            id: 'createCheckoutSession',
            src: 'createCheckoutSession',
            input: ({ event }) => {
              assertEvent(event, 'checkout.buyPack');
              return { priceId: event.priceId, credits: event.credits };
            },
            onDone: [
              {
                guard: { type: 'hasSession', params: ({ event }) => event.output },
                target: '#checkout.redirecting',
                actions: { type: 'redirectToCheckout', params: ({ event }) => sessionOf(event.output) },
              },
              {
                target: '#checkout.idle',
                actions: ['clearPending', { type: 'alert', params: { message: purchaseFailed(NO_SESSION_ID) } }],
              },
            ],
            onError: {
              target: '#checkout.idle',
              actions: [
                'clearPending',
                {
                  type: 'alert',
                  params: ({ event }) => ({ message: purchaseFailed(messageOf(event.error, PURCHASE_FALLBACK)) }),
                },
              ],
            },
          },
        },
      },
    },
    redirecting: {
      description: 'Leaving for the hosted checkout; the buttons stay disabled',
      meta: facts({
        rules: ['CHECKOUT-1'],
        sees: [{ kind: 'hostedCheckout', says: 'the browser goes to the hosted checkout; the buttons stay disabled' }],
        ignores: [
          {
            events: ['checkout.subscribe', 'checkout.buyPack'],
            why: 'One checkout at a time: the plan and pack buttons are disabled while one is processing.',
          },
        ],
      }),
      tags: ['busy'],
      on: { 'checkout.return': { target: 'idle', actions: 'clearPending' } },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
