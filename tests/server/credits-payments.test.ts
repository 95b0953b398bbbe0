import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends, balance, json, payCheckout, restarts, setupApp } from './helpers';
import { starterPackRecord } from './checkout-fixtures';
import { spendCredits, ledgerSum, notEnoughCreditsMessage } from '../../server/services/credits';
import { creditLedger, users } from '../../server/db/schema';
import { signStripePayload } from '../../server/payments/signature';
import {
  buildLocalEvents,
  buildRenewalInvoiceEvent,
  buildSubscriptionDeletedEvent,
  type LocalCheckoutRecord,
} from '../../server/payments/local';
import { runBillingSchedule } from '../../server/services/billing';
import { addMonths } from '../../server/lib/dates';
import { HttpError } from '../../server/errors';
import type { PaymentEvent } from '../../server/payments/types';

for (const backend of backends) {
  describe(`credits and payments (${backend})`, () => {
    const t = setupApp(backend);

    const deliver = (event: PaymentEvent, secret = t.runtime.deps.webhookSecret) => {
      const body = JSON.stringify(event);
      return t.request('/api/stripe/webhook', {
        body,
        headers: { 'stripe-signature': signStripePayload(secret, body) },
      });
    };
    const packRecord = (userId: string, email: string, sessionId = 'cs_test_pack') =>
      starterPackRecord({ id: userId, email }, sessionId, t.now);
    const planRecord = (userId: string, email: string, billingCycle: 'monthly' | 'annually'): LocalCheckoutRecord => ({
      sessionId: `cs_test_plan_${billingCycle}`,
      kind: 'subscription',
      userId,
      email,
      description: 'Standard',
      amountCents: billingCycle === 'monthly' ? 1500 : 14400,
      currency: 'usd',
      credits: 1000,
      planId: 'standard',
      billingCycle,
      metadata: {},
      successUrl: 'http://localhost:3000/settings?checkout=success',
      cancelUrl: 'http://localhost:3000/subscribe',
      createdAt: t.now,
    });

    it('200 parallel spends against 50 credits: exactly 50 succeed, balance 0, ledger sums to the balance', async () => {
      const u = await t.user({ credits: 50 });
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => spendCredits(t.runtime.deps.db, u.id, 1, `test-spend:${i}`)),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(50);
      expect(
        refused.every(
          (r) =>
            r.reason instanceof HttpError && r.reason.status === 402 && r.reason.message === notEnoughCreditsMessage,
        ),
      ).toBe(true);
      expect(await balance(t, u.id)).toBe(0);
      expect(await ledgerSum(t.runtime.deps.db, u.id)).toBe(0);
    });

    it('theme and credits endpoints', async () => {
      const u = await t.user({ credits: 7 });
      expect(await json(await t.request('/api/users/theme', { token: u.token }))).toEqual({ theme: null });
      const bad = await t.request('/api/users/theme', { token: u.token, body: { theme: 'neon-pink' } });
      expect(bad.status).toBe(400);
      expect((await json(bad))['message']).toBe('Unknown theme');
      expect((await t.request('/api/users/theme', { token: u.token, body: { theme: 'sakura' } })).status).toBe(200);
      expect(await json(await t.request('/api/users/theme', { token: u.token }))).toEqual({ theme: 'sakura' });
      expect(await json(await t.request('/api/users/credits', { token: u.token }))).toEqual({ credits: 7 });
      expect((await t.request('/api/users/credits')).status).toBe(401);
      // The product also calls it without the /api prefix.
      expect(await json(await t.request('/users/credits', { token: u.token }))).toEqual({ credits: 7 });
    });

    it('create-checkout-session prices from the catalogue and ignores client credits; unknown price → 400', async () => {
      const u = await t.user();
      const res = await t.request('/api/stripe/create-checkout-session', {
        token: u.token,
        body: { priceId: 'price_credits_1000', credits: 999999 },
      });
      expect(res.status).toBe(200);
      const { sessionId, url } = await json<{ sessionId: string; url: string }>(res);
      expect(url).toMatch(new RegExp(`^http://localhost:3000/checkout/${sessionId}\\?key=[\\w-]{43}$`));
      const page = await t.request(url.slice('http://localhost:3000'.length));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('$15.00');
      expect(html).toContain(`/checkout/${sessionId}/pay`);
      const bad = await t.request('/api/stripe/create-checkout-session', {
        token: u.token,
        body: { priceId: 'price_free_money', credits: 5 },
      });
      expect(bad.status).toBe(400);
      expect(
        (await t.request('/api/stripe/create-checkout-session', { body: { priceId: 'price_credits_1000' } })).status,
      ).toBe(401);
    });

    it('a pack bought through the hosted checkout raises the balance once', async () => {
      const u = await t.user({ credits: 5 });
      const { url, sessionId } = await json<{ url: string; sessionId: string }>(
        await t.request('/api/stripe/create-checkout-session', {
          token: u.token,
          body: { priceId: 'price_credits_2500', credits: 1 },
        }),
      );
      const pay = await payCheckout(t, url);
      expect(pay.status).toBe(303);
      expect(pay.headers.get('location')).toBe(`/credits?checkout=success&session_id=${sessionId}`);
      expect(await balance(t, u.id)).toBe(2505);
      const again = await payCheckout(t, url);
      expect(again.status).toBe(303);
      expect(await balance(t, u.id)).toBe(2505);
      expect(await ledgerSum(t.runtime.deps.db, u.id)).toBe(2505);
    });

    it('cancel on the checkout page goes back to /credits?checkout=cancel without charging', async () => {
      const u = await t.user();
      const { url } = await json<{ url: string }>(
        await t.request('/api/stripe/create-checkout-session', {
          token: u.token,
          body: { priceId: 'price_credits_1000' },
        }),
      );
      const link = new URL(url);
      const cancel = await t.request(`${link.pathname}/cancel${link.search}`);
      expect(cancel.headers.get('location')).toBe('/credits?checkout=cancel');
      expect((await payCheckout(t, url)).status).toBe(404);
      expect(await balance(t, u.id)).toBe(0);
      expect((await t.request('/checkout/cs_unknown')).status).toBe(404);
    });

    it('webhook: bad signatures are refused with 400', async () => {
      const u = await t.user();
      const [event] = buildLocalEvents(packRecord(u.id, u.email), t.now);
      const wrong = await deliver(event!, 'whsec_wrong');
      expect(wrong.status).toBe(400);
      expect((await json(wrong))['message']).toBe('Invalid webhook signature');
      const missing = await t.request('/api/stripe/webhook', { body: JSON.stringify(event) });
      expect(missing.status).toBe(400);
      expect(await balance(t, u.id)).toBe(0);
    });

    it(
      'webhook idempotency: 10 in a row, 50 in parallel, after a restart, and the same invoice under a new event id → one grant',
      restarts,
      async () => {
        const u = await t.user();
        const [event] = buildLocalEvents(packRecord(u.id, u.email), t.now);
        for (let i = 0; i < 10; i++) expect((await deliver(event!)).status).toBe(200);
        const parallel = await Promise.all(Array.from({ length: 50 }, () => deliver(event!)));
        expect(parallel.every((r) => r.status === 200)).toBe(true);
        await t.restart();
        expect((await deliver(event!)).status).toBe(200);
        // The same session under a new event id.
        expect((await deliver({ ...event!, id: 'evt_other' })).status).toBe(200);
        expect(await balance(t, u.id)).toBe(1000);

        const events = buildLocalEvents(planRecord(u.id, u.email, 'monthly'), t.now);
        for (const e of events) await deliver(e);
        const invoice = events.find((e) => e.type === 'invoice.paid')!;
        await Promise.all(Array.from({ length: 20 }, (_, i) => deliver({ ...invoice, id: `evt_invoice_copy_${i}` })));
        expect(await balance(t, u.id)).toBe(2000);
        expect(await ledgerSum(t.runtime.deps.db, u.id)).toBe(2000);
      },
    );

    it('subscription: activate, renew with expiry of unspent plan credits, cancel at period end, then free', async () => {
      const u = await t.user({ credits: 40 });
      const res = await t.request('/api/stripe/create-subscription', {
        token: u.token,
        body: { planId: 'standard', billingCycle: 'monthly' },
      });
      const { sessionId, url } = await json<{ sessionId: string; url: string }>(res);
      expect((await t.request(url.slice('http://localhost:3000'.length))).status).toBe(200);
      const pay = await payCheckout(t, url);
      expect(pay.headers.get('location')).toBe(`/subscribe?checkout=success&session_id=${sessionId}`);
      const me = await json<{
        credits: number;
        subscription: { plan: string; billingCycle: string; nextBillingDate: string };
      }>(await t.request('/api/auth/user', { token: u.token }));
      expect(me.credits).toBe(1040);
      expect(me.subscription.plan).toBe('standard');
      expect(me.subscription.billingCycle).toBe('monthly');
      expect(Date.parse(me.subscription.nextBillingDate)).toBe(
        addMonths(t.now, 1).getTime() - (t.now.getTime() % 1000),
      );

      // Spend 300: the plan's credits go first, so 700 of them are left to expire.
      await spendCredits(t.runtime.deps.db, u.id, 300, 'test-spend');
      const [row] = await t.runtime.deps.db.select().from(users).where(eq(users.id, u.id));
      const record = { ...planRecord(u.id, u.email, 'monthly'), sessionId };
      await deliver(buildRenewalInvoiceEvent(record, row!.providerSubscriptionId!, addMonths(t.now, 1)));
      expect(await balance(t, u.id)).toBe(40 + 1000);
      const expireRows = await t.runtime.deps.db.select().from(creditLedger).where(eq(creditLedger.reason, 'expire'));
      expect(expireRows.map((r) => r.delta)).toContain(-700);

      const cancel = await t.request('/api/stripe/cancel-subscription', { method: 'POST', token: u.token });
      expect(await json(cancel)).toMatchObject({ success: true });
      const after = await json<{ subscription: { plan: string; cancelAt: string | null } }>(
        await t.request('/api/auth/user', { token: u.token }),
      );
      expect(after.subscription.plan).toBe('standard');
      expect(after.subscription.cancelAt).not.toBeNull();

      await deliver(buildSubscriptionDeletedEvent(record, row!.providerSubscriptionId!, t.now));
      const ended = await json<{ credits: number; subscription: { plan: string } }>(
        await t.request('/api/auth/user', { token: u.token }),
      );
      expect(ended.subscription.plan).toBe('free');
      expect(ended.credits).toBe(40);
      expect(await ledgerSum(t.runtime.deps.db, u.id)).toBe(40);
      const none = await t.request('/api/stripe/cancel-subscription', { method: 'POST', token: u.token });
      expect(none.status).toBe(400);
    });

    it('a new plan replaces the old one: the old subscription is cancelled and its end does not end the new plan', async () => {
      const u = await t.user();
      const cancelled: string[] = [];
      const original = t.runtime.deps.payments;
      Object.assign(t.runtime.deps, {
        payments: { ...original, cancelSubscription: (id: string) => (cancelled.push(id), Promise.resolve()) },
      });
      const buy = async (planId: string, billingCycle: string) => {
        const { sessionId, url } = await json<{ sessionId: string; url: string }>(
          await t.request('/api/stripe/create-subscription', { token: u.token, body: { planId, billingCycle } }),
        );
        await payCheckout(t, url);
        const [row] = await t.runtime.deps.db.select().from(users).where(eq(users.id, u.id));
        return { sessionId, sub: row!.providerSubscriptionId! };
      };
      const first = await buy('standard', 'monthly');
      const second = await buy('pro', 'monthly');
      // The cancel is the billing follow-up job's: it runs after the webhook has answered.
      await expect.poll(() => cancelled, { timeout: 10_000, interval: 20 }).toEqual([first.sub]);
      const old = { ...planRecord(u.id, u.email, 'monthly'), sessionId: first.sessionId };
      await deliver(buildSubscriptionDeletedEvent(old, first.sub, t.now));
      const me = await json<{ subscription: { plan: string } }>(await t.request('/api/auth/user', { token: u.token }));
      expect(me.subscription.plan).toBe('pro');
      expect(second.sub).not.toBe(first.sub);
    });

    it('annual plans grant monthly through the billing schedule, once per month', async () => {
      const u = await t.user();
      for (const e of buildLocalEvents(planRecord(u.id, u.email, 'annually'), t.now)) await deliver(e);
      expect(await balance(t, u.id)).toBe(1000);
      expect(await runBillingSchedule(t.runtime.deps.db, new Date(t.now.getTime() + 5 * 24 * 3600_000))).toEqual({
        granted: 0,
        ended: 0,
      });
      const later = addMonths(t.now, 3);
      const first = await runBillingSchedule(t.runtime.deps.db, later);
      expect(first.granted).toBe(3);
      expect((await runBillingSchedule(t.runtime.deps.db, later)).granted).toBe(0);
      // Each month is a new cycle: last month's unspent plan credits expire, so the balance stays at one month.
      expect(await balance(t, u.id)).toBe(1000);
      expect(await ledgerSum(t.runtime.deps.db, u.id)).toBe(1000);
    });

    it('a cancelled plan ends at its period end through the billing schedule', async () => {
      const u = await t.user();
      for (const e of buildLocalEvents(planRecord(u.id, u.email, 'monthly'), t.now)) await deliver(e);
      await t.request('/api/stripe/cancel-subscription', { method: 'POST', token: u.token });
      expect((await runBillingSchedule(t.runtime.deps.db, t.now)).ended).toBe(0);
      expect((await runBillingSchedule(t.runtime.deps.db, addMonths(t.now, 1))).ended).toBe(1);
      const me = await json<{ subscription: { plan: string } }>(await t.request('/api/auth/user', { token: u.token }));
      expect(me.subscription.plan).toBe('free');
    });

    it('delete-account removes the user, its sessions and files', async () => {
      const u = await t.user({ credits: 10 });
      const { url } = await json<{ url: string }>(
        await t.request('/api/upload', { token: u.token, body: { image: (await import('./helpers')).pngDataUrl } }),
      );
      expect((await t.request(url)).status).toBe(200);
      const del = await t.request('/api/users/delete-account', { method: 'DELETE', token: u.token });
      expect(del.status).toBe(200);
      expect((await t.request('/api/auth/user', { token: u.token })).status).toBe(401);
      expect((await t.request(url)).status).toBe(404);
      expect((await t.request('/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(401);
    });
  });
}
