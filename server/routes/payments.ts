/** /api/stripe: checkout sessions, cancellation, and the signed webhook. Prices come from src/catalog only. */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { CreateCheckoutBody, CreateSubscriptionBody } from '../../src/api/schemas';
import { packById, planById, planCharge } from '../../src/catalog';
import { requireAuth } from '../auth';
import type { AppEnv } from '../context';
import { checkoutSessions, users } from '../db/schema';
import { HttpError } from '../errors';
import { handlePaymentEvent } from '../billing';
import type { CheckoutRequest } from '../payments/types';
import { readBody } from '../validate';
import { loadUser } from './auth';

async function startCheckout(
  c: Context<AppEnv>,
  request: Omit<CheckoutRequest, 'userId' | 'email' | 'successUrl' | 'cancelUrl' | 'currency'>,
  paths: { success: string; cancel: string },
) {
  const { db, payments, config } = c.var.deps;
  const user = await loadUser(db, c.var.userId);
  const full: CheckoutRequest = {
    ...request,
    userId: user.id,
    email: user.email,
    currency: 'usd',
    successUrl: `${config.appUrl}${paths.success}`,
    cancelUrl: `${config.appUrl}${paths.cancel}`,
    metadata: { ...request.metadata, userId: user.id },
  };
  let session;
  try {
    session = await payments.createCheckout(full);
  } catch (error) {
    c.var.deps.log(`checkout: provider error ${String(error)}`);
    throw new HttpError(502, 'The payment provider could not start the checkout. Please try again.');
  }
  await db.insert(checkoutSessions).values({
    id: session.sessionId,
    userId: user.id,
    kind: full.kind,
    provider: payments.name,
    priceId: full.priceId ?? null,
    planId: full.planId ?? null,
    billingCycle: full.billingCycle ?? null,
    credits: full.credits,
    amountCents: full.amountCents,
    description: full.description,
    email: user.email,
  });
  return c.json({ sessionId: session.sessionId, url: session.url });
}

export const paymentRoutes = new Hono<AppEnv>()
  .post('/create-subscription', requireAuth, async (c) => {
    const body = await readBody(c, CreateSubscriptionBody);
    const plan = planById(body.planId);
    if (!plan) throw new HttpError(400, 'Unknown plan');
    const user = await loadUser(c.var.deps.db, c.var.userId);
    if (user.plan === plan.id && user.billingCycle === body.billingCycle && !user.cancelAt) {
      throw new HttpError(400, 'You are already subscribed to this plan.');
    }
    const charge = planCharge(plan, body.billingCycle);
    return startCheckout(
      c,
      {
        kind: 'subscription',
        description: `${plan.name} plan, billed ${body.billingCycle === 'annually' ? 'annually' : 'monthly'} (${plan.credits.toLocaleString('en-US')} credits every month)`,
        amountCents: Math.round(charge * 100),
        credits: plan.credits,
        planId: plan.id,
        billingCycle: body.billingCycle,
        metadata: {
          kind: 'subscription',
          planId: plan.id,
          billingCycle: body.billingCycle,
          credits: String(plan.credits),
        },
      },
      { success: '/settings?checkout=success', cancel: '/subscribe' },
    );
  })
  .post('/create-checkout-session', requireAuth, async (c) => {
    const body = await readBody(c, CreateCheckoutBody);
    const pack = packById(body.priceId);
    if (!pack) throw new HttpError(400, 'Unknown credit pack');
    return startCheckout(
      c,
      {
        kind: 'pack',
        description: `${pack.name}: ${pack.credits.toLocaleString('en-US')} credits`,
        amountCents: Math.round(pack.price * 100),
        credits: pack.credits,
        priceId: pack.id,
        metadata: { kind: 'pack', priceId: pack.id, credits: String(pack.credits) },
      },
      { success: '/?checkout=success', cancel: '/credits' },
    );
  })
  .post('/cancel-subscription', requireAuth, async (c) => {
    const { db, payments, now } = c.var.deps;
    const user = await loadUser(db, c.var.userId);
    if (user.plan === 'free' || !user.providerSubscriptionId)
      throw new HttpError(400, 'You have no active subscription.');
    if (user.cancelAt) return c.json({ success: true, message: 'Your subscription is already cancelled.' });
    try {
      await payments.cancelSubscription(user.providerSubscriptionId);
    } catch (error) {
      c.var.deps.log(`cancel: provider error ${String(error)}`);
      throw new HttpError(502, 'Failed to cancel subscription. Please try again.');
    }
    await db
      .update(users)
      .set({ cancelAt: user.nextBillingDate ?? now(), nextGrantAt: user.nextGrantAt })
      .where(eq(users.id, user.id));
    return c.json({ success: true, message: 'Your subscription will end at the end of the billing period.' });
  })
  .post('/webhook', async (c) => {
    const { payments, db, now } = c.var.deps;
    // The signature covers the exact bytes, so read the raw body before anything parses it.
    const raw = await c.req.text();
    let event;
    try {
      event = payments.verifyWebhook(raw, c.req.header('stripe-signature'));
    } catch (error) {
      throw new HttpError(400, 'Invalid webhook signature', {
        details: error instanceof Error ? error.message : undefined,
      });
    }
    const replaced: string[] = [];
    const outcome = await handlePaymentEvent(db, event, now(), (id) => replaced.push(id));
    for (const id of replaced) {
      // The old plan stops renewing; its end event is ignored because it is no longer the user's plan.
      await payments
        .cancelSubscription(id)
        .catch((error: unknown) => c.var.deps.log(`webhook: could not cancel replaced ${id}: ${String(error)}`));
    }
    return c.json({ received: true, outcome });
  });
