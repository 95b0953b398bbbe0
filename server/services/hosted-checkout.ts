/**
 * The hosted checkout page of the local payment provider (/checkout/{id}): shows what is bought, and
 * "Pay" turns the stored checkout session into Stripe-shaped events, signs them and posts them to our
 * own /api/stripe/webhook, so the same verification and handlers run as with real Stripe. Each function
 * answers with the page to show or where to send the browser.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { checkoutSessions } from '../db/schema';
import { renderHostedCheckoutMessage, renderHostedCheckoutPage } from '../payments/hosted-checkout-page';
import { buildLocalEvents, checkoutKeyMatches, type LocalCheckoutRecord } from '../payments/local';
import { signStripePayload } from '../payments/signature';
import { returnPaths } from './purchases';
import { checkoutAddress } from '../../src/api/operations/addresses';

type Row = typeof checkoutSessions.$inferSelect;

export type HostedCheckoutAnswer =
  { readonly html: string; readonly status: 200 | 404 | 502 } | { readonly redirect: string };

function toRecord(row: Row, appUrl: string): LocalCheckoutRecord {
  const p = returnPaths(row.kind, row.id);
  return {
    sessionId: row.id,
    kind: row.kind,
    userId: row.userId,
    email: row.email,
    description: row.description,
    amountCents: row.amountCents,
    currency: 'usd',
    credits: row.credits,
    ...(row.priceId ? { priceId: row.priceId } : {}),
    ...(row.planId ? { planId: row.planId } : {}),
    ...(row.billingCycle ? { billingCycle: row.billingCycle } : {}),
    metadata: { userId: row.userId, kind: row.kind, credits: String(row.credits) },
    successUrl: `${appUrl}${p.success}`,
    cancelUrl: `${appUrl}${p.cancel}`,
    createdAt: row.createdAt,
  };
}

const notFound = (text: string): HostedCheckoutAnswer => ({
  html: renderHostedCheckoutMessage('Checkout not found', text, '/', 'Back to Atelier'),
  status: 404,
});

type KeyDeps = Pick<AppDeps, 'db' | 'webhookSecret'>;

/** A link without the session's key is answered exactly like an unknown one. */
export async function showHostedCheckout(
  deps: KeyDeps,
  sessionId: string,
  key: string | undefined,
): Promise<HostedCheckoutAnswer> {
  const { db, webhookSecret } = deps;
  if (!checkoutKeyMatches(webhookSecret, sessionId, key))
    return notFound('This checkout link is unknown or has expired.');
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  if (!row || row.provider !== 'local') return notFound('This checkout link is unknown or has expired.');
  if (row.status !== 'open') {
    const p = returnPaths(row.kind, row.id);
    return row.status === 'paid'
      ? {
          html: renderHostedCheckoutMessage(
            'Already paid',
            'This checkout has already been paid. Thank you!',
            p.success,
            'Back to Atelier',
          ),
          status: 200,
        }
      : {
          html: renderHostedCheckoutMessage(
            'Checkout cancelled',
            'This checkout was cancelled.',
            p.cancel,
            'Back to Atelier',
          ),
          status: 200,
        };
  }
  return {
    html: renderHostedCheckoutPage({
      sessionId: row.id,
      checkoutKey: key!,
      description: row.description,
      amountCents: row.amountCents,
      currency: 'usd',
      email: row.email,
      kind: row.kind,
      credits: row.credits,
      ...(row.billingCycle ? { billingCycle: row.billingCycle } : {}),
    }),
    status: 200,
  };
}

export async function payHostedCheckout(
  deps: Pick<AppDeps, 'db' | 'config' | 'webhookSecret' | 'deliver' | 'now' | 'log'>,
  sessionId: string,
  key: string | undefined,
): Promise<HostedCheckoutAnswer> {
  const { db, config, webhookSecret, deliver, now, log } = deps;
  // Only the browser that created the session holds its key: a bare session id pays nothing.
  if (!checkoutKeyMatches(webhookSecret, sessionId, key)) {
    return notFound('This checkout link is unknown, cancelled or has expired.');
  }
  // Only one Pay wins, even on a double click.
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: 'paid' })
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.provider, 'local'),
      ),
    )
    .returning();
  if (!row) {
    const [existing] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    if (existing?.status === 'paid') return { redirect: returnPaths(existing.kind, existing.id).success };
    return notFound('This checkout link is unknown, cancelled or has expired.');
  }
  const events = buildLocalEvents(toRecord(row, config.appUrl), now());
  const post = async (): Promise<{ ok: true } | { ok: false; status: number; type: string }> => {
    for (const event of events) {
      const body = JSON.stringify(event);
      const response = await deliver(
        new Request(`${config.appUrl}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(webhookSecret, body) },
          body,
        }),
      );
      if (!response.ok) return { ok: false, status: response.status, type: event.type };
    }
    return { ok: true };
  };
  const delay = config.localCheckoutWebhookDelayMs;
  if (delay > 0) {
    // As with Stripe, the buyer is back before the webhook: the return page has to wait for the credits.
    const timer = setTimeout(() => {
      post()
        .then((r) => (r.ok ? undefined : log(`checkout ${row.id}: delayed webhook answered ${r.status} for ${r.type}`)))
        .catch((error: unknown) => log(`checkout ${row.id}: delayed webhook failed: ${String(error)}`));
    }, delay);
    timer.unref?.();
    return { redirect: returnPaths(row.kind, row.id).success };
  }
  const result = await post();
  if (!result.ok) {
    log(`checkout ${row.id}: webhook answered ${result.status} for ${result.type}`);
    await db.update(checkoutSessions).set({ status: 'open' }).where(eq(checkoutSessions.id, row.id));
    return {
      html: renderHostedCheckoutMessage(
        'Payment failed',
        'The payment could not be completed. Please try again.',
        checkoutAddress(row.id, key!),
        'Try again',
      ),
      status: 502,
    };
  }
  return { redirect: returnPaths(row.kind, row.id).success };
}

export async function cancelHostedCheckout(
  deps: KeyDeps,
  sessionId: string,
  key: string | undefined,
): Promise<HostedCheckoutAnswer> {
  const { db, webhookSecret } = deps;
  if (!checkoutKeyMatches(webhookSecret, sessionId, key)) return { redirect: '/' };
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: 'canceled' })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')))
    .returning();
  const [existing] = row ? [row] : await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return { redirect: existing ? returnPaths(existing.kind).cancel : '/' };
}
