import { defineModel } from '../model-paths';
import { checkoutMachine } from '../../../src/flows/billing/checkout.machine';
import { checkoutReturnMachine } from '../../../src/flows/billing/checkout-return.machine';
import { creditCsvMachine } from '../../../src/flows/billing/credit-csv.machine';
import { creditHistoryMachine } from '../../../src/flows/billing/credit-history.machine';
import { spendingMachine } from '../../../src/flows/billing/spending.machine';
import { serverError, silentError } from './fixtures';
import {
  checkoutSessionAnswer,
  proPending,
  proGranted,
  packPaymentFailed,
  historyFirstPage,
  historyLastPage,
  spendingNovember,
  spendingOctober,
  spendingInput,
  creditCsvText,
} from '../../../src/flows/billing/billing.examples';

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

export const spendingModel = defineModel({
  machine: spendingMachine,
  input: spendingInput,
  events: {
    'spending.previous': [{ type: 'spending.previous' }],
    'spending.next': [{ type: 'spending.next' }],
    'spending.retry': [{ type: 'spending.retry' }],
  },
  actors: {
    loadSpending: { done: [spendingNovember, spendingOctober], error: [serverError('Unauthorized'), silentError] },
  },
  // Only whether the month is the current one or the account's first counts: any month between is the same
  // state, so the walk ends.
  context: (context) => [
    context.month === context.current,
    context.month === context.first,
    context.spending?.tools.length ?? null,
    context.error,
  ],
});

export const creditCsvModel = defineModel({
  machine: creditCsvMachine,
  events: { 'csv.download': [{ type: 'csv.download' }] },
  actors: { fetchCsv: { done: [creditCsvText], error: [serverError('Unauthorized'), silentError] } },
  context: (context) => context.error,
});
