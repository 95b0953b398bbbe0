/** /api/stripe: the purchase flow (checkout sessions), cancellation, and the signed webhook. */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { receivePaymentWebhook } from '../services/billing';
import {
  cancelSubscription,
  checkoutStatus,
  openBillingPortal,
  startPackPurchase,
  startSubscriptionPurchase,
} from '../services/purchases';

export const paymentRoutes = new Hono<AppEnv>();

bind(paymentRoutes, ops.createSubscription, async (c, { body }) =>
  startSubscriptionPurchase(c.var.deps, c.var.userId, body.planId, body.billingCycle),
);
bind(paymentRoutes, ops.createCheckoutSession, async (c, { body }) =>
  startPackPurchase(c.var.deps, c.var.userId, body.priceId),
);
bind(paymentRoutes, ops.getCheckoutSession, async (c, { params }) =>
  checkoutStatus(c.var.deps.db, c.var.userId, params.id),
);
bind(paymentRoutes, ops.cancelSubscription, async (c) => cancelSubscription(c.var.deps, c.var.userId));
bind(paymentRoutes, ops.createBillingPortal, async (c) => openBillingPortal(c.var.deps, c.var.userId));
bind(paymentRoutes, ops.paymentWebhook, async (c) => {
  // The signature covers the exact bytes, so read the raw body before anything parses it (no body schema).
  const raw = await c.req.text();
  const outcome = await receivePaymentWebhook(c.var.deps, raw, c.req.header('stripe-signature'));
  return { received: true, outcome };
});
