/**
 * Verified payment events → database changes, idempotently. The event id is stored UNIQUE (a replayed
 * event is a no-op) and every grant is keyed on the session or invoice id (the same invoice under a new
 * event id grants once).
 *
 * Rules: a pack's paid checkout.session.completed, or the checkout.session.async_payment_succeeded of one
 * completed unpaid (a delayed method), grants its credits (reference 'pack:'+sessionId, so once); an
 * async_payment_failed marks the checkout failed; charge.refunded takes the pack's unspent credits back. A
 * subscription's checkout.session.completed activates the plan; each invoice.paid (first or renewal)
 * starts a credit cycle: unspent subscription credits of the previous cycle expire, then the plan's
 * monthly credits land (reference 'invoice:'+invoiceId). Annual plans are paid yearly but granted monthly:
 * the scheduler (runBillingSchedule) grants month 2…12 (reference 'annual:'+subscription+':'+month), each
 * also a new credit cycle. customer.subscription.deleted (sent at period end) returns the user to the free
 * plan and expires the remaining subscription credits.
 */
import { and, eq, isNotNull, like, lte, ne, sql } from 'drizzle-orm';
import { planById, packById } from '../../src/catalog';
import type { AppDeps } from '../context';
import type { Executor, Tx } from '../db/client';
import { HttpError } from '../errors';
import { checkoutSessions, creditLedger, processedEvents, users } from '../db/schema';
import { grantCredits, grantSubscriptionCycle } from './credits';
import { addMonths } from '../lib/dates';
import type { PaymentEvent } from '../payments/types';
import { queues } from './jobs';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function metadataOf(o: Obj): Obj {
  return (
    obj(o['metadata']) ??
    obj(obj(obj(o['parent'])?.['subscription_details'])?.['metadata']) ??
    obj(obj(o['subscription_details'])?.['metadata']) ??
    {}
  );
}

function subscriptionIdOf(o: Obj): string | undefined {
  return str(o['subscription']) ?? str(obj(obj(o['parent'])?.['subscription_details'])?.['subscription']);
}

async function userIdFor(db: Executor, o: Obj): Promise<string | undefined> {
  const fromMeta = str(metadataOf(o)['userId']) ?? str(o['client_reference_id']);
  if (fromMeta) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, fromMeta));
    return row?.id;
  }
  const sub = subscriptionIdOf(o) ?? (str(o['object']) === 'subscription' ? str(o['id']) : undefined);
  if (!sub) return undefined;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.providerSubscriptionId, sub));
  return row?.id;
}

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Claims the event and applies it in ONE transaction: a crash or an error between the claim and the
 * effects leaves neither (the provider's retry runs it again), and a concurrent delivery of the same
 * event waits on the claim's unique key, then sees it taken. `onReplaced` receives, inside the same
 * transaction, the provider id of a subscription that a newly bought plan replaces (its cancel is a job).
 */
export async function handlePaymentEvent(
  db: Executor,
  event: PaymentEvent,
  now: Date,
  onReplaced?: (tx: Tx, subscriptionId: string) => Promise<void>,
): Promise<EventOutcome> {
  const replaced: string[] = [];
  const outcome = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(processedEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing({ target: processedEvents.id })
      .returning({ id: processedEvents.id });
    if (claimed.length === 0) return 'duplicate' as const;
    const applied = await applyEvent(tx, event, now, (id) => replaced.push(id));
    for (const id of replaced) await onReplaced?.(tx, id);
    return applied;
  });
  return outcome;
}

/**
 * The webhook: verifies the signature over the raw body, applies the event once and, in the same transaction,
 * sends the job that cancels at the provider any subscription a newly bought plan replaced (retried with
 * backoff, a logged dead letter after its last attempt: cancelReplacedSubscription).
 */
export async function receivePaymentWebhook(
  deps: Pick<AppDeps, 'db' | 'payments' | 'now' | 'jobs'>,
  rawBody: string,
  signatureHeader: string | undefined,
): Promise<EventOutcome> {
  const { payments, db, now } = deps;
  let event;
  try {
    event = payments.verifyWebhook(rawBody, signatureHeader);
  } catch (error) {
    throw new HttpError(400, 'Invalid webhook signature', {
      details: error instanceof Error ? error.message : undefined,
    });
  }
  return handlePaymentEvent(db, event, now(), (tx, subscriptionId) =>
    deps.jobs.send(tx, queues.billingFollowUp, { subscriptionId }),
  );
}

/**
 * The `billing-follow-up` job: the old plan stops renewing at the provider (its end event is ignored because it
 * is no longer the user's plan). A failure throws: the job is retried, and logged as a dead letter at the end.
 */
export async function cancelReplacedSubscription(
  deps: Pick<AppDeps, 'payments'>,
  job: { data: { subscriptionId: string } },
): Promise<void> {
  await deps.payments.cancelSubscription(job.data.subscriptionId);
}

async function applyEvent(
  db: Executor,
  event: PaymentEvent,
  now: Date,
  onReplaced: ((subscriptionId: string) => void) | undefined,
): Promise<EventOutcome> {
  const o = event.data.object;
  // A refund names the charge's payment intent, not the buyer: the pack's checkout row knows both.
  if (event.type === 'charge.refunded') return takeBackRefundedPack(db, o);
  const userId = await userIdFor(db, o);
  if (!userId) return 'ignored';
  const meta = metadataOf(o);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const sessionId = str(o['id']);
      if (!sessionId) return 'ignored';
      const status = str(o['payment_status']);
      if (status === 'unpaid' && event.type === 'checkout.session.completed') {
        // A delayed method (SEPA, ACH): nothing is granted until async_payment_succeeded (CHECKOUT-6).
        await db
          .update(checkoutSessions)
          .set({ status: 'processing' })
          .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
        return 'processed';
      }
      if (status && status !== 'paid' && status !== 'no_payment_required') return 'ignored';
      return fulfilCheckout(db, userId, sessionId, o, meta, now, onReplaced);
    }
    case 'checkout.session.async_payment_failed': {
      const sessionId = str(o['id']);
      if (!sessionId) return 'ignored';
      // Nothing was granted; the return page says the payment failed (CHECKOUT-7).
      await db
        .update(checkoutSessions)
        .set({ status: 'failed' })
        .where(and(eq(checkoutSessions.id, sessionId), ne(checkoutSessions.status, 'paid')));
      return 'processed';
    }
    case 'invoice.paid': {
      const invoiceId = str(o['id']);
      if (!invoiceId) return 'ignored';
      const line = obj((o['lines'] as { data?: unknown[] } | undefined)?.data?.[0]);
      const period = obj(line?.['period']);
      const start = num(period?.['start']) ?? num(o['period_start']);
      const end = num(period?.['end']) ?? num(o['period_end']);
      const plan = planById(str(meta['planId']) ?? '') ?? (await currentPlan(db, userId));
      if (!plan) return 'ignored';
      const cycle =
        meta['billingCycle'] === 'monthly' || meta['billingCycle'] === 'annually' ? meta['billingCycle'] : undefined;
      const startDate = start ? new Date(start * 1000) : now;
      await grantSubscriptionCycle(db, userId, plan.credits, `invoice:${invoiceId}`, async (tx) => {
        await tx
          .update(users)
          .set({
            plan: plan.id,
            ...(cycle ? { billingCycle: cycle } : {}),
            ...(subscriptionIdOf(o) ? { providerSubscriptionId: subscriptionIdOf(o) } : {}),
            ...(end ? { nextBillingDate: new Date(end * 1000) } : {}),
            nextGrantAt: (cycle ?? 'monthly') === 'annually' ? addMonths(startDate, 1) : null,
          })
          .where(eq(users.id, userId));
      });
      return 'processed';
    }
    case 'customer.subscription.deleted': {
      const ended = str(o['id']);
      const [row] = await db.select({ sub: users.providerSubscriptionId }).from(users).where(eq(users.id, userId));
      // A plan replaced by a newer one ends later at the provider; that must not end the current plan.
      if (!ended || (row?.sub && row.sub !== ended)) return 'ignored';
      await endSubscription(db, userId, ended);
      return 'processed';
    }
    default:
      return 'ignored';
  }
}

/**
 * A paid checkout: a pack's credits land once under 'pack:'+session (the same key whether the payment
 * cleared at once or later, so a completion and an async success, or a repeated event, grant once); a plan
 * becomes the user's. The buyer's customer id is kept for the billing portal.
 */
async function fulfilCheckout(
  db: Executor,
  userId: string,
  sessionId: string,
  o: Obj,
  meta: Obj,
  now: Date,
  onReplaced: ((subscriptionId: string) => void) | undefined,
): Promise<EventOutcome> {
  // Credits and plan come from our own session row when we have it, never from the client.
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  await db
    .update(checkoutSessions)
    .set({ status: 'paid', ...(str(o['payment_intent']) ? { paymentIntentId: str(o['payment_intent']) } : {}) })
    .where(eq(checkoutSessions.id, sessionId));
  const customer = str(o['customer']);
  if (customer) await db.update(users).set({ providerCustomerId: customer }).where(eq(users.id, userId));
  const kind = row?.kind ?? (o['mode'] === 'subscription' ? 'subscription' : 'pack');
  if (kind === 'pack') {
    const pack = packById(row?.priceId ?? str(meta['priceId']) ?? '');
    const credits = row?.credits ?? pack?.credits;
    if (!credits) return 'ignored';
    await grantCredits(db, userId, credits, 'pack', `pack:${sessionId}`);
    return 'processed';
  }
  const plan = planById(row?.planId ?? str(meta['planId']) ?? '');
  const cycle = row?.billingCycle ?? (meta['billingCycle'] === 'monthly' ? 'monthly' : 'annually');
  if (!plan) return 'ignored';
  const subscriptionId = subscriptionIdOf(o);
  const [previous] = await db.select({ sub: users.providerSubscriptionId }).from(users).where(eq(users.id, userId));
  if (previous?.sub && previous.sub !== subscriptionId) onReplaced?.(previous.sub);
  await db
    .update(users)
    .set({
      plan: plan.id,
      billingCycle: cycle,
      providerSubscriptionId: subscriptionId ?? null,
      cancelAt: null,
      nextBillingDate: sql`COALESCE(${users.nextBillingDate}, ${addMonths(now, cycle === 'annually' ? 12 : 1).toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
  return 'processed';
}

/**
 * charge.refunded of a pack's payment (CHECKOUT-8): the refunded share of the pack's credits is taken back,
 * as far as they are unspent (credits that are not this cycle's subscription credits, which spends use first),
 * never below zero. One ledger line per refunded total ('pack_refunded:'+session+':'+amount_refunded, even
 * when it takes 0), so a repeated event does nothing and a second partial refund takes only its share.
 */
async function takeBackRefundedPack(db: Executor, o: Obj): Promise<EventOutcome> {
  const paymentIntent = str(o['payment_intent']);
  const amount = num(o['amount']);
  const refunded = num(o['amount_refunded']);
  if (!paymentIntent || !amount || !refunded) return 'ignored';
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.paymentIntentId, paymentIntent), eq(checkoutSessions.kind, 'pack')));
  if (!session) return 'ignored';
  const prefix = `pack_refunded:${session.id}:`;
  const target = Math.min(session.credits, Math.round((session.credits * refunded) / amount));
  const claimed = await db
    .insert(creditLedger)
    .values({ userId: session.userId, delta: 0, reason: 'pack_refunded', reference: `${prefix}${refunded}` })
    .onConflictDoNothing({ target: creditLedger.reference })
    .returning({ id: creditLedger.id });
  if (!claimed[0]) return 'duplicate';
  const [taken] = await db
    .select({ total: sql<string>`COALESCE(SUM(-${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, session.userId), like(creditLedger.reference, `${prefix}%`)));
  const [user] = await db
    .select({ credits: users.credits, sub: users.subscriptionCredits })
    .from(users)
    .where(eq(users.id, session.userId))
    .for('update');
  if (!user) return 'ignored';
  const unspent = Math.max(0, user.credits - Math.min(user.sub, user.credits));
  const take = Math.max(0, Math.min(target - Number(taken?.total ?? 0), unspent));
  await db.update(creditLedger).set({ delta: -take }).where(eq(creditLedger.id, claimed[0].id));
  await db
    .update(users)
    .set({ credits: sql`${users.credits} - ${take}` })
    .where(eq(users.id, session.userId));
  return 'processed';
}

async function currentPlan(db: Executor, userId: string) {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return row ? planById(row.plan) : undefined;
}

/** Back to the free plan; the cycle's unspent subscription credits expire. */
export async function endSubscription(db: Executor, userId: string, subscriptionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(creditLedger)
      .values({ userId, delta: 0, reason: 'expire', reference: `expire:end:${subscriptionId}` })
      .onConflictDoNothing({ target: creditLedger.reference })
      .returning({ id: creditLedger.id });
    const [before] = await tx
      .select({ credits: users.credits, sub: users.subscriptionCredits })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return;
    const expired = claimed[0] ? Math.min(before.sub, before.credits) : 0;
    if (claimed[0]) await tx.update(creditLedger).set({ delta: -expired }).where(eq(creditLedger.id, claimed[0].id));
    await tx
      .update(users)
      .set({
        plan: 'free',
        billingCycle: null,
        nextBillingDate: null,
        cancelAt: null,
        providerSubscriptionId: null,
        nextGrantAt: null,
        credits: sql`${users.credits} - ${expired}`,
        subscriptionCredits: claimed[0] ? 0 : users.subscriptionCredits,
      })
      .where(eq(users.id, userId));
  });
}

/**
 * The billing clock, run every few minutes and testable with `now`: grants the monthly credits of annual
 * plans that are due, and ends cancelled subscriptions whose period is over.
 */
export async function runBillingSchedule(db: Executor, now: Date): Promise<{ granted: number; ended: number }> {
  let granted = 0;
  let ended = 0;
  const due = await db
    .select()
    .from(users)
    .where(and(isNotNull(users.nextGrantAt), lte(users.nextGrantAt, now), eq(users.billingCycle, 'annually')));
  for (const user of due) {
    let at = user.nextGrantAt!;
    const plan = planById(user.plan);
    // Month k of the year starts at k months after the paid period's start.
    while (plan && at <= now && (!user.nextBillingDate || at < user.nextBillingDate)) {
      const month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
      const next = addMonths(at, 1);
      const result = await grantSubscriptionCycle(
        db,
        user.id,
        plan.credits,
        `annual:${user.providerSubscriptionId ?? user.id}:${month}`,
        async (tx) => {
          await tx.update(users).set({ nextGrantAt: next }).where(eq(users.id, user.id));
        },
      );
      if (result.applied) granted++;
      at = next;
    }
    if (user.nextBillingDate && at >= user.nextBillingDate) {
      await db.update(users).set({ nextGrantAt: null }).where(eq(users.id, user.id));
    }
  }
  const over = await db
    .select()
    .from(users)
    .where(and(isNotNull(users.cancelAt), lte(users.cancelAt, now)));
  for (const user of over) {
    await endSubscription(
      db,
      user.id,
      user.providerSubscriptionId ?? `cancel:${user.id}:${user.cancelAt!.toISOString()}`,
    );
    ended++;
  }
  return { granted, ended };
}
