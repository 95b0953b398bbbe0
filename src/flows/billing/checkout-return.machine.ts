/**
 * Back from the hosted checkout (?checkout=success&session_id=… or ?checkout=cancel). With Stripe the
 * buyer is usually back before the webhook has granted anything, so a paid checkout asks the server
 * about its session every `pollInterval` until the credits have landed; past `lateAfter` it says so
 * ("Payment received, credits are on their way"), keeps asking less often and lets the buyer check
 * again. Once granted it shows the new balance, refreshes the user (badges, plan) and clears the
 * parameter from the address. A cancelled checkout says nothing was charged and clears it too. A delayed
 * payment (SEPA, ACH) that the server knows failed says the payment failed (CHECKOUT-7).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutStatus } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const LATE_MESSAGE = 'Payment received, credits are on their way';
export const STATUS_FAILED = 'We could not confirm this checkout. Please check again in a moment.';
export const PAYMENT_FAILED_MESSAGE =
  'Your payment failed, so no credits were added. Please try another payment method.';

export interface CheckoutReturnInput {
  /** The ?checkout parameter: 'success', 'cancel', or none (not a return). */
  outcome: 'success' | 'cancel' | null;
  /** The ?session_id parameter of a paid checkout. */
  sessionId: string | null;
}

export interface CheckoutReturnContext {
  outcome: CheckoutReturnInput['outcome'];
  sessionId: string | null;
  /** What the checkout bought, once the server has said (also before the credits land). */
  purchase: CheckoutStatus | null;
  /** The balance once the credits have landed. */
  balance: number | null;
  error: string | null;
}

export type CheckoutReturnEvent =
  /** Ask the server again now (the late state's button, or after a failure). */
  | { type: 'checkout.return.check' }
  /** Close the notice. */
  | { type: 'checkout.return.dismiss' };

const statusInput = ({ context }: { context: CheckoutReturnContext }) => ({ sessionId: context.sessionId ?? '' });

/** The status a check answers, the same on time and late: the credits have landed, or not yet (ask again later). */
const answered = ({ event }: { event: { output: CheckoutStatus } }) => ({ status: event.output });
const statusAnswered = [
  {
    guard: { type: 'fulfilled', params: answered },
    target: '#checkoutReturn.ended.granted',
    actions: { type: 'rememberGrant', params: answered },
  },
  {
    guard: { type: 'paymentFailed', params: answered },
    target: '#checkoutReturn.ended.paymentFailed',
    actions: { type: 'rememberPurchase', params: answered },
  },
  { target: 'waiting', actions: { type: 'rememberPurchase', params: answered } },
] as const;

export const checkoutReturnMachine = setup({
  types: {
    context: {} as CheckoutReturnContext,
    events: {} as CheckoutReturnEvent,
    input: {} as CheckoutReturnInput,
  },
  actors: {
    /** GET /api/stripe/checkout-session/{id}. */
    checkoutStatus: fromPromise<CheckoutStatus, { sessionId: string }>(async () => notProvided('checkoutStatus')),
  },
  actions: {
    /** The payment changed the balance or the plan on the server: reload the user for the badges and pages. */
    refreshUser: () => {},
    /** Replaces the address with the same page without ?checkout and ?session_id (no new history entry). */
    clearAddress: () => {},
    /** The server's answer before the credits land: what was bought. */
    rememberPurchase: assign({ purchase: (_, params: { status: CheckoutStatus }) => params.status }),
    /** The credits have landed: what was bought and the balance after it. */
    rememberGrant: assign({
      purchase: (_, params: { status: CheckoutStatus }) => params.status,
      balance: (_, params: { status: CheckoutStatus }) => params.status.balance,
    }),
  },
  guards: {
    paidReturn: ({ context }) => context.outcome === 'success' && context.sessionId !== null,
    cancelledReturn: ({ context }) => context.outcome === 'cancel',
    fulfilled: (_, params: { status: CheckoutStatus }) => params.status.fulfilled,
    paymentFailed: (_, params: { status: CheckoutStatus }) => params.status.status === 'failed',
  },
  delays: {
    /** How often a paid checkout asks whether its credits have landed. */
    pollInterval: 1500,
    /** After this the notice says the credits are on their way. */
    lateAfter: 12_000,
    /** Once late, it keeps asking this often. */
    latePollInterval: 5000,
  },
}).createMachine({
  id: 'checkoutReturn',
  description: 'Coming back from the payment page: check the payment and show the credits or plan it bought.',
  meta: facts({ sends: ['checkout.return.check', 'checkout.return.dismiss'] }),
  // The flows viewer starts it with whatever input a person types: missing fields mean no return.
  context: ({ input }) => ({
    outcome: (input as Partial<CheckoutReturnInput>).outcome ?? null,
    sessionId: (input as Partial<CheckoutReturnInput>).sessionId ?? null,
    purchase: null,
    balance: null,
    error: null,
  }),
  initial: 'arriving',
  states: {
    arriving: {
      description: 'Reads the address: a paid checkout, a cancelled one, or no return at all',
      meta: facts({
        ignores: [
          {
            events: ['checkout.return.check', 'checkout.return.dismiss'],
            why: 'Left at once (eventless) for the state the address names, before anything is shown.',
          },
        ],
      }),
      always: [
        { guard: 'paidReturn', target: 'confirming' },
        { guard: 'cancelledReturn', target: 'ended.cancelled' },
        { target: 'idle' },
      ],
    },
    idle: {
      meta: facts({
        sees: [{ kind: 'noNotice', says: 'no checkout notice' }],
        ignores: [
          {
            events: ['checkout.return.check', 'checkout.return.dismiss'],
            why: 'Not back from a checkout, or the notice was closed: nothing is shown, so there is no button.',
          },
        ],
      }),
      description: 'Not back from a checkout: nothing to show',
    },
    confirming: {
      description: 'Paid: waiting for the webhook to grant the credits',
      meta: facts({
        rules: ['CHECKOUT-5'],
        sees: [
          {
            kind: 'waitingNotice',
            says: "the notice says 'Confirming your payment...', or once the server names the purchase 'Thank you for buying … Adding your credits...'",
          },
        ],
        ignores: [
          {
            events: ['checkout.return.check', 'checkout.return.dismiss'],
            why: 'Already asking every poll interval; the waiting notice has no buttons until it is late.',
          },
        ],
      }),
      tags: ['waiting'],
      initial: 'checking',
      after: { lateAfter: 'late' },
      states: {
        checking: {
          description: 'Asking the server whether the credits have landed',
          invoke: {
            id: 'checkoutStatus',
            src: 'checkoutStatus',
            input: statusInput,
            onDone: statusAnswered,
            onError: {
              target: '#checkoutReturn.failed',
              actions: assign({ error: ({ event }) => messageOf(event.error, STATUS_FAILED) }),
            },
          },
        },
        waiting: {
          description: 'Not yet: asks again shortly',
          after: { pollInterval: 'checking' },
        },
      },
    },
    late: {
      description: 'Payment received, credits are on their way; asks now and then, or when told to',
      meta: facts({
        rules: ['CHECKOUT-5'],
        sees: [{ kind: 'lateNotice', says: `the late notice says '${LATE_MESSAGE}'` }],
        ignores: [
          {
            events: ['checkout.return.dismiss'],
            why: 'The credits have not landed yet: the late notice stays until they do (it offers "Check again" only).',
          },
        ],
      }),
      tags: ['waiting', 'late'],
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Waits before asking again; "Check again" asks now',
          after: { latePollInterval: 'checking' },
          on: { 'checkout.return.check': 'checking' },
        },
        checking: {
          description: 'Asking the server again',
          meta: facts({
            sees: [{ role: 'button', name: 'Check again', state: 'disabled' }],
            ignores: [
              {
                events: ['checkout.return.check'],
                why: 'A check is in flight: "Check again" is disabled until it answers.',
              },
            ],
          }),
          tags: ['busy'],
          invoke: {
            id: 'checkoutStatusLate',
            src: 'checkoutStatus',
            input: statusInput,
            onDone: statusAnswered,
            // Still late: the buyer can check again.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    ended: {
      description: 'The checkout has ended one way or the other: a notice says how, with Dismiss',
      meta: facts({
        ignores: [{ events: ['checkout.return.check'], why: 'Nothing left to check: the notice offers only Dismiss.' }],
      }),
      on: { 'checkout.return.dismiss': 'idle' },
      initial: 'granted',
      states: {
        granted: {
          description: 'The credits have landed: shows what was bought and the new balance',
          tags: ['granted'],
          meta: facts({
            rules: ['CHECKOUT-5'],
            sees: [
              { kind: 'grantedNotice', says: 'the notice says the balance is now the new number of credits' },
              { kind: 'addressCleared', says: 'the address has no ?checkout' },
            ],
          }),
          entry: ['refreshUser', 'clearAddress'],
        },
        cancelled: {
          description: 'The buyer cancelled at the checkout: nothing was charged',
          tags: ['cancelled'],
          meta: facts({
            rules: ['CHECKOUT-5'],
            sees: [
              { kind: 'cancelledNotice', says: "the notice says 'Checkout cancelled. You have not been charged.'" },
              { kind: 'addressCleared', says: 'the address has no ?checkout' },
            ],
          }),
          entry: 'clearAddress',
        },
        paymentFailed: {
          description: 'The delayed payment failed: nothing was granted',
          tags: ['paymentFailed'],
          meta: facts({
            rules: ['CHECKOUT-5', 'CHECKOUT-7'],
            sees: [
              { kind: 'paymentFailedNotice', says: `an alert says '${PAYMENT_FAILED_MESSAGE}'` },
              { kind: 'addressCleared', says: 'the address has no ?checkout' },
            ],
          }),
          entry: 'clearAddress',
        },
      },
    },
    failed: {
      description: 'The server could not say (unknown checkout, signed out, network)',
      tags: ['failed'],
      meta: facts({
        rules: ['CHECKOUT-5'],
        sees: [{ kind: 'failedNotice', says: "the server's message in an alert, with Check again and Dismiss" }],
      }),
      on: {
        'checkout.return.check': { target: 'confirming', actions: assign({ error: null }) },
        'checkout.return.dismiss': { target: 'idle', actions: 'clearAddress' },
      },
    },
  },
});

export type CheckoutReturnMachine = typeof checkoutReturnMachine;
