/**
 * The local provider's hosted checkout (/checkout/{id}): shows what is bought, and "Pay" turns the stored
 * session into Stripe-shaped events, signs them and posts them to our own /api/stripe/webhook, so the
 * same verification and handlers run as with real Stripe.
 */
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../context';
import { checkoutSessions } from '../db/schema';
import {
  buildLocalEvents,
  renderCheckoutMessage,
  renderCheckoutPage,
  type LocalCheckoutRecord,
} from '../payments/local';
import { signStripePayload } from '../payments/signature';

type Row = typeof checkoutSessions.$inferSelect;

const paths = (row: Row) =>
  row.kind === 'pack'
    ? { success: '/?checkout=success', cancel: '/credits' }
    : { success: '/settings?checkout=success', cancel: '/subscribe' };

function toRecord(row: Row, appUrl: string): LocalCheckoutRecord {
  const p = paths(row);
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

export const checkoutRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/:id', async (c) => {
    const [row] = await c.var.deps.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, c.req.param('id')));
    if (!row || row.provider !== 'local') {
      return c.html(
        renderCheckoutMessage(
          'Checkout not found',
          'This checkout link is unknown or has expired.',
          '/',
          'Back to Atelier',
        ),
        404,
      );
    }
    if (row.status !== 'open') {
      const p = paths(row);
      return row.status === 'paid'
        ? c.html(
            renderCheckoutMessage(
              'Already paid',
              'This checkout has already been paid. Thank you!',
              p.success,
              'Back to Atelier',
            ),
          )
        : c.html(
            renderCheckoutMessage('Checkout cancelled', 'This checkout was cancelled.', p.cancel, 'Back to Atelier'),
          );
    }
    return c.html(
      renderCheckoutPage({
        sessionId: row.id,
        description: row.description,
        amountCents: row.amountCents,
        currency: 'usd',
        email: row.email,
        kind: row.kind,
        credits: row.credits,
        ...(row.billingCycle ? { billingCycle: row.billingCycle } : {}),
      }),
    );
  })
  .post('/:id/pay', async (c) => {
    const { db, config, webhookSecret, deliver, now, log } = c.var.deps;
    // Only one Pay wins, even on a double click.
    const [row] = await db
      .update(checkoutSessions)
      .set({ status: 'paid' })
      .where(
        and(
          eq(checkoutSessions.id, c.req.param('id')),
          eq(checkoutSessions.status, 'open'),
          eq(checkoutSessions.provider, 'local'),
        ),
      )
      .returning();
    if (!row) {
      const [existing] = await db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.id, c.req.param('id')));
      if (existing?.status === 'paid') return c.redirect(paths(existing).success, 303);
      return c.html(
        renderCheckoutMessage(
          'Checkout not found',
          'This checkout link is unknown, cancelled or has expired.',
          '/',
          'Back to Atelier',
        ),
        404,
      );
    }
    for (const event of buildLocalEvents(toRecord(row, config.appUrl), now())) {
      const body = JSON.stringify(event);
      const response = await deliver(
        new Request(`${config.appUrl}/api/stripe/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(webhookSecret, body) },
          body,
        }),
      );
      if (!response.ok) {
        log(`checkout ${row.id}: webhook answered ${response.status} for ${event.type}`);
        await db.update(checkoutSessions).set({ status: 'open' }).where(eq(checkoutSessions.id, row.id));
        return c.html(
          renderCheckoutMessage(
            'Payment failed',
            'The payment could not be completed. Please try again.',
            `/checkout/${row.id}`,
            'Try again',
          ),
          502,
        );
      }
    }
    return c.redirect(paths(row).success, 303);
  })
  .get('/:id/cancel', async (c) => {
    const { db } = c.var.deps;
    const [row] = await db
      .update(checkoutSessions)
      .set({ status: 'canceled' })
      .where(and(eq(checkoutSessions.id, c.req.param('id')), eq(checkoutSessions.status, 'open')))
      .returning();
    const [existing] = row
      ? [row]
      : await db
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, c.req.param('id')));
    return c.redirect(existing ? paths(existing).cancel : '/', 303);
  });
