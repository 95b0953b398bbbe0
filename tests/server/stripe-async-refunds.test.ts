/**
 * Delayed payments and refunds of credit packs, as Stripe announces them (CHECKOUT-6, CHECKOUT-7, CHECKOUT-8):
 * a checkout completed unpaid grants nothing until async_payment_succeeded, which grants once under the same
 * key as a paid completion; async_payment_failed grants nothing and the return page's call says 'failed';
 * charge.refunded takes back the pack's unspent credits, never below zero, once.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends, balance, json, setupApp } from './helpers';
import { creditLedger } from '../../server/db/schema';
import { signStripePayload } from '../../server/payments/signature';
import { spendCredits } from '../../server/services/credits';
import type { PaymentEvent } from '../../server/payments/types';

for (const backend of backends) {
  describe(`delayed payments and refunds of packs (${backend})`, () => {
    const t = setupApp(backend);
    let eventNo = 0;

    const deliver = async (type: string, object: Record<string, unknown>, id = `evt_${++eventNo}_${type}`) => {
      const event: PaymentEvent = { id, type, created: Math.floor(t.now.getTime() / 1000), data: { object } };
      const body = JSON.stringify(event);
      const response = await t.request('/api/stripe/webhook', {
        body,
        headers: { 'stripe-signature': signStripePayload(t.runtime.deps.webhookSecret, body) },
      });
      expect(response.status).toBe(200);
      return (await json<{ outcome: string }>(response)).outcome;
    };
    /** A Starter Pack (1,000 credits) checkout opened by the user through the product. */
    const openPack = async (user: { token: string }) => {
      const response = await t.request('/api/stripe/create-checkout-session', {
        token: user.token,
        body: { priceId: 'price_credits_1000' },
      });
      expect(response.status).toBe(200);
      return (await json<{ sessionId: string }>(response)).sessionId;
    };
    const session = (id: string, userId: string, paymentStatus: 'paid' | 'unpaid') => ({
      id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: paymentStatus,
      payment_intent: `pi_${id}`,
      customer: 'cus_test_buyer',
      client_reference_id: userId,
      metadata: { userId, kind: 'pack', priceId: 'price_credits_1000' },
    });
    const status = async (user: { token: string }, id: string) =>
      json<{ status: string; fulfilled: boolean; balance: number }>(
        await t.request(`/api/stripe/checkout-session/${id}`, { token: user.token }),
      );
    const ledgerOf = async (userId: string) =>
      (await t.runtime.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).map((r) => ({
        reason: r.reason,
        delta: r.delta,
      }));

    it('CHECKOUT-6: a pack completed unpaid is granted only on async_payment_succeeded, once even when it comes twice', async () => {
      const u = await t.user();
      const id = await openPack(u);
      expect(await deliver('checkout.session.completed', session(id, u.id, 'unpaid'))).toBe('processed');
      expect(await balance(t, u.id)).toBe(0);
      expect(await status(u, id)).toMatchObject({ status: 'processing', fulfilled: false, balance: 0 });

      const succeeded = session(id, u.id, 'paid');
      expect(await deliver('checkout.session.async_payment_succeeded', succeeded, 'evt_async_ok')).toBe('processed');
      expect(await deliver('checkout.session.async_payment_succeeded', succeeded, 'evt_async_ok')).toBe('duplicate');
      // The same success under another event id, and a late paid completion, use the same ledger key.
      await deliver('checkout.session.async_payment_succeeded', succeeded);
      await deliver('checkout.session.completed', succeeded);
      expect(await balance(t, u.id)).toBe(1000);
      expect(await ledgerOf(u.id)).toEqual([{ reason: 'pack', delta: 1000 }]);
      expect(await status(u, id)).toMatchObject({ status: 'paid', fulfilled: true, balance: 1000 });
    });

    it('CHECKOUT-7: async_payment_failed grants nothing and the return page is told the payment failed', async () => {
      const u = await t.user();
      const id = await openPack(u);
      await deliver('checkout.session.completed', session(id, u.id, 'unpaid'));
      expect(await deliver('checkout.session.async_payment_failed', session(id, u.id, 'unpaid'))).toBe('processed');
      expect(await balance(t, u.id)).toBe(0);
      expect(await ledgerOf(u.id)).toEqual([]);
      expect(await status(u, id)).toMatchObject({ status: 'failed', fulfilled: false, balance: 0 });
    });

    it('CHECKOUT-8: charge.refunded takes back the unspent pack credits, never below zero, once', async () => {
      const u = await t.user();
      const id = await openPack(u);
      await deliver('checkout.session.completed', session(id, u.id, 'paid'));
      await spendCredits(t.runtime.deps.db, u.id, 300, 'test-spend:refund');
      expect(await balance(t, u.id)).toBe(700);

      const charge = {
        id: 'ch_test_refund',
        object: 'charge',
        amount: 1500,
        amount_refunded: 1500,
        refunded: true,
        payment_intent: `pi_${id}`,
      };
      expect(await deliver('charge.refunded', charge)).toBe('processed');
      // The same refund again under a new event id (a resend) takes nothing more.
      expect(await deliver('charge.refunded', charge)).toBe('duplicate');
      expect(await balance(t, u.id)).toBe(0);
      expect((await ledgerOf(u.id)).filter((r) => r.reason === 'pack_refunded')).toEqual([
        { reason: 'pack_refunded', delta: -700 },
      ]);
      const history = await json<{ entries: { kind: string; delta: number; pack?: string }[] }>(
        await t.request('/api/users/credits/history', { token: u.token }),
      );
      expect(history.entries[0]).toMatchObject({ kind: 'pack_refunded', delta: -700, pack: 'Starter Pack' });
    });

    it('CHECKOUT-8: a partial refund takes back its share of the pack; a refund of an unknown payment changes nothing', async () => {
      const u = await t.user();
      const id = await openPack(u);
      await deliver('checkout.session.completed', session(id, u.id, 'paid'));
      const partial = {
        id: 'ch_part',
        object: 'charge',
        amount: 1500,
        amount_refunded: 750,
        payment_intent: `pi_${id}`,
      };
      expect(await deliver('charge.refunded', partial)).toBe('processed');
      expect(await balance(t, u.id)).toBe(500);
      expect(await deliver('charge.refunded', { ...partial, amount_refunded: 1500 })).toBe('processed');
      expect(await balance(t, u.id)).toBe(0);
      expect(await deliver('charge.refunded', { ...partial, payment_intent: 'pi_unknown' })).toBe('ignored');
      expect(await balance(t, u.id)).toBe(0);
    });
  });
}
