/** /api/stripe: the purchase flow (checkout sessions), cancellation, and the signed webhook. */
import { Hono } from 'hono';
import { CreateCheckoutBody, CreateSubscriptionBody } from '../../src/api/schemas';
import type { AppEnv } from '../context';
import { requireAuth } from '../middleware/require-auth';
import { receivePaymentWebhook } from '../services/billing';
import {
  cancelSubscription,
  checkoutStatus,
  startPackPurchase,
  startSubscriptionPurchase,
} from '../services/purchases';
import { readBody } from '../validate';

export const paymentRoutes = new Hono<AppEnv>()
  .post('/create-subscription', requireAuth, async (c) => {
    const body = await readBody(c, CreateSubscriptionBody);
    return c.json(await startSubscriptionPurchase(c.var.deps, c.var.userId, body.planId, body.billingCycle));
  })
  .post('/create-checkout-session', requireAuth, async (c) => {
    const body = await readBody(c, CreateCheckoutBody);
    return c.json(await startPackPurchase(c.var.deps, c.var.userId, body.priceId));
  })
  .get('/checkout-session/:id', requireAuth, async (c) =>
    c.json(await checkoutStatus(c.var.deps.db, c.var.userId, c.req.param('id'))),
  )
  .post('/cancel-subscription', requireAuth, async (c) => c.json(await cancelSubscription(c.var.deps, c.var.userId)))
  .post('/webhook', async (c) => {
    // The signature covers the exact bytes, so read the raw body before anything parses it.
    const raw = await c.req.text();
    const outcome = await receivePaymentWebhook(c.var.deps, raw, c.req.header('stripe-signature'));
    return c.json({ received: true, outcome });
  });
