import { defineModel } from '../model-paths';
import { checkoutMachine } from '../../../src/flows/billing/checkout.machine';
import { checkoutReturnMachine } from '../../../src/flows/billing/checkout-return.machine';
import { creditCsvMachine } from '../../../src/flows/billing/credit-csv.machine';
import { creditHistoryMachine } from '../../../src/flows/billing/credit-history.machine';
import { spendingMachine } from '../../../src/flows/billing/spending.machine';
import type { CheckoutStatus, CreditHistoryAnswer, SpendingAnswer } from '../../../src/api/schemas';
import { serverError, silentError } from './fixtures';

export const checkoutSessionAnswer = { sessionId: 'cs_local_1', url: 'http://127.0.0.1:3000/checkout/cs_local_1' };

export const checkoutModel = defineModel({
  machine: checkoutMachine,
  events: {
    'checkout.subscribe': [
      { type: 'checkout.subscribe', planId: 'pro', billingCycle: 'monthly' },
      { type: 'checkout.subscribe', planId: 'standard', billingCycle: 'annually' },
    ],
    'checkout.buyPack': [{ type: 'checkout.buyPack', priceId: 'price_credits_1000', credits: 1000 }],
    'checkout.return': [{ type: 'checkout.return' }],
  },
  actors: {
    createSubscription: {
      done: [checkoutSessionAnswer, {}, { sessionId: '', url: checkoutSessionAnswer.url }],
      error: [serverError('You are already subscribed to this plan.'), silentError],
    },
    createCheckoutSession: {
      done: [checkoutSessionAnswer, { url: checkoutSessionAnswer.url }],
      error: [serverError('Unknown credit pack'), silentError],
    },
  },
  context: (context) => context.pending,
});

/** The Pro monthly checkout of a free user with 50 credits, before and after the webhook's grant. */
export const proPending: CheckoutStatus = {
  sessionId: 'cs_local_1',
  kind: 'subscription',
  status: 'paid',
  fulfilled: false,
  credits: 2500,
  planId: 'pro',
  billingCycle: 'monthly',
  priceId: null,
  balance: 50,
};
export const proGranted: CheckoutStatus = { ...proPending, fulfilled: true, balance: 2550 };
/** A pack paid by a delayed method whose payment failed (CHECKOUT-7). */
export const packPaymentFailed: CheckoutStatus = {
  ...proPending,
  kind: 'pack',
  status: 'failed',
  planId: null,
  billingCycle: null,
  priceId: 'price_credits_2500',
};

const returnEvents = {
  'checkout.return.check': [{ type: 'checkout.return.check' as const }],
  'checkout.return.dismiss': [{ type: 'checkout.return.dismiss' as const }],
};

export const checkoutReturnPaidModel = defineModel({
  machine: checkoutReturnMachine,
  input: { outcome: 'success', sessionId: 'cs_local_1' },
  events: returnEvents,
  actors: {
    checkoutStatus: { done: [proPending, proGranted, packPaymentFailed], error: [serverError('Checkout not found')] },
    checkoutStatusLate: { done: [proPending, proGranted, packPaymentFailed], error: [silentError] },
  },
  context: (context) => [context.purchase?.fulfilled ?? null, context.error],
});

export const checkoutReturnCancelModel = defineModel({
  machine: checkoutReturnMachine,
  input: { outcome: 'cancel', sessionId: null },
  events: returnEvents,
});

export const checkoutReturnNoneModel = defineModel({
  machine: checkoutReturnMachine,
  input: { outcome: null, sessionId: null },
  events: returnEvents,
});

const entry = (id: number, delta: number, balance: number) => ({
  id: String(id),
  at: '2026-11-23T12:00:00.000Z',
  kind: 'pack' as const,
  delta,
  balance,
});
/** A first page with older entries behind it, and the last page. */
export const historyFirstPage: CreditHistoryAnswer = {
  entries: [entry(3, 1000, 2050), entry(2, 1000, 1050)],
  nextCursor: '2',
};
export const historyLastPage: CreditHistoryAnswer = { entries: [entry(1, 50, 50)], nextCursor: null };

export const creditHistoryModel = defineModel({
  machine: creditHistoryMachine,
  events: {
    'history.more': [{ type: 'history.more' }],
    'history.retry': [{ type: 'history.retry' }],
  },
  actors: {
    loadFirst: { done: [historyFirstPage, historyLastPage], error: [serverError('Unauthorized')] },
    loadMore: { done: [historyLastPage], error: [silentError] },
  },
  context: (context) => [context.entries.length, context.nextCursor, context.error],
});

/** November 2026 with two tools, most spent first; October 2026 with none. */
export const spendingNovember: SpendingAnswer = {
  month: '2026-11',
  total: 32,
  tools: [
    { tool: 'text-to-image', title: 'Text to Image', runs: 3, credits: 24 },
    { tool: 'text-to-text', title: 'Text Generation', runs: 1, credits: 8 },
  ],
};
export const spendingOctober: SpendingAnswer = { month: '2026-10', total: 0, tools: [] };

export const spendingModel = defineModel({
  machine: spendingMachine,
  input: { current: '2026-11' },
  events: {
    'spending.previous': [{ type: 'spending.previous' }],
    'spending.next': [{ type: 'spending.next' }],
    'spending.retry': [{ type: 'spending.retry' }],
  },
  actors: {
    loadSpending: { done: [spendingNovember, spendingOctober], error: [serverError('Unauthorized'), silentError] },
  },
  // Only whether the month is the current one counts: any earlier month is the same state, so the walk ends.
  context: (context) => [context.month === context.current, context.spending?.tools.length ?? null, context.error],
});

export const creditCsvText =
  'date,description,change,balance\r\n2026-11-01T10:00:00.000Z,Sign-up credits,50,50\r\n2026-11-02T10:00:00.000Z,Tool run: Text to Image,-8,42\r\n';

export const creditCsvModel = defineModel({
  machine: creditCsvMachine,
  events: { 'csv.download': [{ type: 'csv.download' }] },
  actors: { fetchCsv: { done: [creditCsvText], error: [serverError('Unauthorized'), silentError] } },
  context: (context) => context.error,
});
