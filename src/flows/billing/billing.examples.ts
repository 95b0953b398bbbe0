/** The billing flows' examples: a hosted checkout, its statuses, the credit history, a month's spending, the CSV. */
import type { CheckoutStatus, CreditHistoryAnswer, SpendingAnswer } from '../../api/schemas';
import type { FlowExamples } from '../shared/examples';

export const checkoutSessionAnswer = { sessionId: 'cs_local_1', url: 'http://127.0.0.1:3000/checkout/cs_local_1' };

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

export const entry = (id: number, delta: number, balance: number) => ({
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

/** The spending section opened in November 2026 (the month of spendingNovember) by an account made in October 2026. */
export const spendingInput = { current: '2026-11', createdAt: '2026-10-03T09:00:00.000Z' };

export const creditCsvText =
  'date,description,change,balance\r\n2026-11-01T10:00:00.000Z,Sign-up credits,50,50\r\n2026-11-02T10:00:00.000Z,Tool run: Text to Image,-8,42\r\n';

export const examples: FlowExamples = {
  inputs: { checkoutReturn: { outcome: 'success', sessionId: proGranted.sessionId }, spending: spendingInput },
  answers: {
    checkoutStatus: proGranted,
    createSubscription: checkoutSessionAnswer,
    createCheckoutSession: checkoutSessionAnswer,
    loadHistory: historyLastPage,
    fetchCsv: creditCsvText,
    loadSpending: spendingNovember,
  },
};
