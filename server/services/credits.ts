/**
 * The credit balance and its ledger. Every change is one transaction: the balance update and a ledger
 * row whose `reference` is UNIQUE, so replaying a grant, spend or refund with the same reference is a no-op.
 *
 * Expiry rule (SUPPORT-2: credits expire at the end of each billing cycle): subscription grants are tracked
 * in users.subscription_credits, and spends consume them first. When a new cycle's grant lands, the
 * previous cycle's unspent subscription credits (min(subscription_credits, credits)) are removed by an
 * 'expire' ledger row, then the new grant is added. Pack credits, the free signup credits and refunds
 * never expire.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { creditLedger, users } from '../db/schema';
import { HttpError } from '../errors';

export const notEnoughCreditsMessage = 'Not enough credits. Please add credits or upgrade your plan.';

/** Takes `cost` credits atomically; 402 when the balance is short. Returns the new balance. */
export async function spendCredits(db: Executor, userId: string, cost: number, reference: string): Promise<number> {
  if (!Number.isInteger(cost) || cost < 0) throw new Error('Bad cost');
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        credits: sql`${users.credits} - ${cost}`,
        subscriptionCredits: sql`GREATEST(${users.subscriptionCredits} - ${cost}, 0)`,
      })
      .where(and(eq(users.id, userId), gte(users.credits, cost)))
      .returning({ credits: users.credits });
    const row = rows[0];
    if (!row) throw new HttpError(402, notEnoughCreditsMessage);
    await tx.insert(creditLedger).values({ userId, delta: -cost, reason: 'spend', reference });
    return row.credits;
  });
}

export interface GrantResult {
  /** False when the reference was already used (a replay). */
  readonly applied: boolean;
  readonly credits: number;
}

async function applyGrant(
  tx: Tx,
  userId: string,
  amount: number,
  reason: 'signup' | 'pack' | 'subscription' | 'refund',
  reference: string,
): Promise<GrantResult> {
  const inserted = await tx
    .insert(creditLedger)
    .values({ userId, delta: amount, reason, reference })
    .onConflictDoNothing({ target: creditLedger.reference })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) {
    const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    return { applied: false, credits: row?.credits ?? 0 };
  }
  const [row] = await tx
    .update(users)
    .set({
      credits: sql`${users.credits} + ${amount}`,
      ...(reason === 'subscription' ? { subscriptionCredits: sql`${users.subscriptionCredits} + ${amount}` } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits });
  if (!row) throw new HttpError(404, 'User not found');
  return { applied: true, credits: row.credits };
}

/** Adds credits once per reference (signup, pack purchase, refund). */
export async function grantCredits(
  db: Executor,
  userId: string,
  amount: number,
  reason: 'signup' | 'pack' | 'refund',
  reference: string,
): Promise<GrantResult> {
  return db.transaction((tx) => applyGrant(tx, userId, amount, reason, reference));
}

/**
 * A new subscription cycle: expires the previous cycle's unspent subscription credits, then grants the
 * plan's monthly credits; once per reference (invoice id or annual-grant key).
 */
export async function grantSubscriptionCycle(
  db: Executor,
  userId: string,
  amount: number,
  reference: string,
  extra?: (tx: Tx) => Promise<void>,
): Promise<GrantResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(creditLedger)
      .values({ userId, delta: 0, reason: 'expire', reference: `expire:${reference}` })
      .onConflictDoNothing({ target: creditLedger.reference })
      .returning({ id: creditLedger.id });
    if (claimed.length === 0) {
      const [row] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      return { applied: false, credits: row?.credits ?? 0 };
    }
    const [before] = await tx
      .select({ credits: users.credits, sub: users.subscriptionCredits })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw new HttpError(404, 'User not found');
    const expired = Math.min(before.sub, before.credits);
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${expired}`, subscriptionCredits: 0 })
      .where(eq(users.id, userId));
    await tx.update(creditLedger).set({ delta: -expired }).where(eq(creditLedger.id, claimed[0]!.id));
    const result = await applyGrant(tx, userId, amount, 'subscription', reference);
    if (extra) await extra(tx);
    return result;
  });
}

/** Gives back a reservation once (reference 'refund:'+predictionId). */
export async function refundCredits(
  db: Executor,
  userId: string,
  amount: number,
  reference: string,
): Promise<GrantResult> {
  return grantCredits(db, userId, amount, 'refund', reference);
}

export async function ledgerSum(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`COALESCE(SUM(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
}
