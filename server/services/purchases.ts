/**
 * The purchase flow: a credit pack or a plan becomes a checkout session at the payment provider (the
 * local provider's hosted checkout page, or Stripe Checkout), recorded in checkout_sessions; the
 * provider's webhook completes it (billing.ts). Prices come from src/catalog only, never from the client.
 */
import { and, eq, gte } from 'drizzle-orm';
import type { CheckoutStatus } from '../../src/api/schemas';
import { packById, planById, planCharge } from '../../src/catalog';
import type { AppDeps } from '../context';
import { checkoutSessions, creditLedger, users } from '../db/schema';
import { HttpError } from '../errors';
import type { CheckoutKind, CheckoutRequest, CheckoutSession } from '../payments/types';
import { loadUser } from './auth';

type PurchaseDeps = Pick<AppDeps, 'db' | 'payments' | 'config' | 'log'>;

/** Stripe replaces this in a success or cancel URL with the session id; the local checkout does the same. */
export const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

/**
 * Where the browser returns after paying or cancelling: the page it bought from, with ?checkout=success or
 * ?checkout=cancel and the session id, which the SPA's checkout-return flow reads (then clears).
 */
export function returnPaths(kind: CheckoutKind, sessionId = SESSION_ID_TEMPLATE): { success: string; cancel: string } {
  const page = kind === 'pack' ? '/credits' : '/subscribe';
  return {
    success: `${page}?checkout=success&session_id=${sessionId}`,
    // Stripe fills the session id into the success URL only; a cancelled checkout needs none.
    cancel: `${page}?checkout=cancel`,
  };
}

async function openCheckoutSession(
  deps: PurchaseDeps,
  userId: string,
  request: Omit<CheckoutRequest, 'userId' | 'email' | 'successUrl' | 'cancelUrl' | 'currency'>,
): Promise<CheckoutSession> {
  const { db, payments, config } = deps;
  const user = await loadUser(db, userId);
  const paths = returnPaths(request.kind);
  const full: CheckoutRequest = {
    ...request,
    userId: user.id,
    email: user.email,
    ...(user.providerCustomerId ? { customerId: user.providerCustomerId } : {}),
    currency: 'usd',
    successUrl: `${config.appUrl}${paths.success}`,
    cancelUrl: `${config.appUrl}${paths.cancel}`,
    metadata: { ...request.metadata, userId: user.id },
  };
  let session;
  try {
    session = await payments.createCheckout(full);
  } catch (error) {
    deps.log(`checkout: provider error ${String(error)}`);
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
  return { sessionId: session.sessionId, url: session.url };
}

/** Buying a credit pack (POST /api/stripe/create-checkout-session). */
export async function startPackPurchase(deps: PurchaseDeps, userId: string, priceId: string) {
  const pack = packById(priceId);
  if (!pack) throw new HttpError(400, 'Unknown credit pack');
  return openCheckoutSession(deps, userId, {
    kind: 'pack',
    description: `${pack.name}: ${pack.credits.toLocaleString('en-US')} credits`,
    amountCents: Math.round(pack.price * 100),
    credits: pack.credits,
    priceId: pack.id,
    metadata: { kind: 'pack', priceId: pack.id, credits: String(pack.credits) },
  });
}

/** Subscribing to a plan (POST /api/stripe/create-subscription); the same plan and cycle twice is refused. */
export async function startSubscriptionPurchase(
  deps: PurchaseDeps,
  userId: string,
  planId: string,
  billingCycle: 'monthly' | 'annually',
) {
  const plan = planById(planId);
  if (!plan) throw new HttpError(400, 'Unknown plan');
  const user = await loadUser(deps.db, userId);
  if (user.plan === plan.id && user.billingCycle === billingCycle && !user.cancelAt) {
    throw new HttpError(400, 'You are already subscribed to this plan.');
  }
  const charge = planCharge(plan, billingCycle);
  return openCheckoutSession(deps, userId, {
    kind: 'subscription',
    description: `${plan.name} plan, billed ${billingCycle === 'annually' ? 'annually' : 'monthly'} (${plan.credits.toLocaleString('en-US')} credits every month)`,
    amountCents: Math.round(charge * 100),
    credits: plan.credits,
    planId: plan.id,
    billingCycle,
    metadata: {
      kind: 'subscription',
      planId: plan.id,
      billingCycle,
      credits: String(plan.credits),
    },
  });
}

/**
 * Settings › Billing's "Manage billing" (CHECKOUT-9): a session of the provider's customer portal for the
 * buyer's customer (kept from their first completed Stripe checkout), coming back to Settings.
 */
export async function openBillingPortal(
  deps: Pick<AppDeps, 'db' | 'payments' | 'config' | 'log'>,
  userId: string,
): Promise<{ url: string }> {
  const { db, payments, config } = deps;
  if (!payments.createPortalSession)
    throw new HttpError(404, 'Billing is managed in Atelier: there is no billing portal.');
  const user = await loadUser(db, userId);
  if (!user.providerCustomerId)
    throw new HttpError(409, 'There is no billing account yet: it starts with your first plan or credit pack.');
  try {
    return { url: await payments.createPortalSession(user.providerCustomerId, `${config.appUrl}/settings`) };
  } catch (error) {
    deps.log(`billing portal: provider error ${String(error)}`);
    throw new HttpError(502, 'The billing portal could not be opened. Please try again.');
  }
}

/** Cancels at period end: the plan and its credits stay until the next billing date. */
export async function cancelSubscription(
  deps: Pick<AppDeps, 'db' | 'payments' | 'now' | 'log'>,
  userId: string,
): Promise<{ success: true; message: string }> {
  const { db, payments, now } = deps;
  const user = await loadUser(db, userId);
  if (user.plan === 'free' || !user.providerSubscriptionId)
    throw new HttpError(400, 'You have no active subscription.');
  if (user.cancelAt) return { success: true, message: 'Your subscription is already cancelled.' };
  try {
    await payments.cancelSubscription(user.providerSubscriptionId);
  } catch (error) {
    deps.log(`cancel: provider error ${String(error)}`);
    throw new HttpError(502, 'Failed to cancel subscription. Please try again.');
  }
  await db
    .update(users)
    .set({ cancelAt: user.nextBillingDate ?? now(), nextGrantAt: user.nextGrantAt })
    .where(eq(users.id, user.id));
  return { success: true, message: 'Your subscription will end at the end of the billing period.' };
}

/**
 * A checkout the browser came back from (GET /api/stripe/checkout-session/{id}), for the signed-in buyer
 * only. `fulfilled` says the webhook's grant has landed: a pack's ledger row (keyed on the session), or for a
 * plan the user on that plan with a subscription grant made after the checkout was opened. With Stripe the
 * buyer is usually back before the webhook arrives, so the SPA polls this.
 */
export async function checkoutStatus(
  db: Pick<AppDeps, 'db'>['db'],
  userId: string,
  sessionId: string,
): Promise<CheckoutStatus> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
  if (!row) throw new HttpError(404, 'Checkout not found');
  const user = await loadUser(db, userId);
  let fulfilled: boolean;
  if (row.kind === 'pack') {
    const [grant] = await db
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(eq(creditLedger.reference, `pack:${row.id}`));
    fulfilled = grant !== undefined;
  } else {
    const [grant] = await db
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, userId),
          eq(creditLedger.reason, 'subscription'),
          gte(creditLedger.createdAt, row.createdAt),
        ),
      )
      .limit(1);
    fulfilled = grant !== undefined && user.plan === row.planId;
  }
  return {
    sessionId: row.id,
    kind: row.kind,
    status: row.status,
    fulfilled,
    credits: row.credits,
    planId: row.planId,
    billingCycle: row.billingCycle,
    priceId: row.priceId,
    balance: user.credits,
  };
}
