/** The payment calls of the operation table: checkouts of plans and packs, their status, cancelling, the webhook. */
import * as v from 'valibot';
import * as s from '../schemas';
import { bearer } from './bearer';
import type { OperationSpec } from './types';

const checkout = {
  sessionId: 'cs_local_5f2b9c1e',
  url: 'http://localhost:3000/checkout/cs_local_5f2b9c1e?key=k3y',
};

/** The webhook's answer: the event applied now, seen before, or of a kind we do not act on. */
export const WebhookAnswer = v.object({
  received: v.boolean(),
  outcome: v.picklist(['processed', 'duplicate', 'ignored']),
});

export const billingOperations = {
  createSubscription: bearer('payments', {
    method: 'post',
    path: '/api/stripe/create-subscription',
    summary: 'Start a subscription checkout',
    body: s.CreateSubscriptionBody,
    answer: s.CheckoutAnswer,
    status: 200,
    errors: [400, 413, 502],
    examples: { request: { body: { planId: 'pro', billingCycle: 'monthly' } }, answer: checkout },
  }),
  createCheckoutSession: bearer('payments', {
    method: 'post',
    path: '/api/stripe/create-checkout-session',
    summary: 'Start a credit pack checkout',
    body: s.CreateCheckoutBody,
    answer: s.CheckoutAnswer,
    status: 200,
    errors: [400, 413, 502],
    examples: { request: { body: { priceId: 'price_credits_1000', credits: 1000 } }, answer: checkout },
  }),
  getCheckoutSession: bearer('payments', {
    method: 'get',
    path: '/api/stripe/checkout-session/{id}',
    summary: 'A checkout the buyer came back from: what it buys and whether its credits have landed',
    answer: s.CheckoutStatus,
    status: 200,
    errors: [404],
    examples: {
      request: { params: { id: checkout.sessionId } },
      answer: {
        sessionId: checkout.sessionId,
        kind: 'pack',
        status: 'open',
        fulfilled: false,
        credits: 1000,
        planId: null,
        billingCycle: null,
        priceId: 'price_credits_1000',
        balance: 0,
      },
    },
  }),
  cancelSubscription: bearer('payments', {
    method: 'post',
    path: '/api/stripe/cancel-subscription',
    summary: 'Cancel at the end of the period',
    description: 'Without an active subscription: 400.',
    answer: s.CancelAnswer,
    status: 200,
    errors: [400, 413, 502],
    examples: { answer: { success: true, message: 'Your subscription will end on 2026-02-01.' } },
  }),
  createBillingPortal: bearer('payments', {
    method: 'post',
    path: '/api/stripe/billing-portal',
    summary: "Open the payment provider's customer portal (card, invoices, cancellation)",
    description:
      'With Stripe configured: a Customer Portal session of the buyer, coming back to Settings. The local ' +
      'checkout has no portal: 404 (the SPA hides "Manage billing"). Nothing bought through Stripe yet: 409.',
    answer: s.BillingPortalAnswer,
    status: 200,
    errors: [404, 409, 413, 502],
    examples: { answer: { url: 'https://billing.stripe.com/p/session/test_YWNjdF8x' } },
  }),
  paymentWebhook: {
    method: 'post',
    path: '/api/stripe/webhook',
    tags: ['payments'],
    security: 'none',
    summary: 'Signed payment events (Stripe-Signature)',
    description:
      'The body is a payment event signed with the webhook secret in `Stripe-Signature`; a bad signature answers ' +
      '400. An event the server could not apply answers 500, so the payment provider sends it again.',
    headers: [{ name: 'Stripe-Signature', required: true, description: 'The signature of the exact body bytes' }],
    answer: WebhookAnswer,
    status: 200,
    errors: [400, 413, 500],
    examples: { answer: { received: true, outcome: 'processed' } },
  },
} as const satisfies Record<string, OperationSpec>;
