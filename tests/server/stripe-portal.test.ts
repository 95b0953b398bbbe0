/**
 * The server with Stripe configured, against the Stripe fake (STRIPE_API_BASE): checkouts use the synced
 * prices, a completed checkout keeps the buyer's customer, and "Manage billing" opens that customer's portal
 * (CHECKOUT-9). Nothing is sent to another host: the fake is the only origin the adapter knows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedded, json, setupApp } from './helpers';
import { startStripeFake, type StripeFake } from './fakes/stripe';
import { signStripePayload } from '../../server/payments/signature';
import { createStripeClient } from '../../server/payments/stripe';
import { syncStripeCatalog } from '../../server/payments/stripe-sync';

for (const backend of embedded) {
  describe(`Stripe configured, against the Stripe fake (${backend})`, () => {
    let fake: StripeFake;
    const env: Record<string, string> = { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_portal' };
    beforeAll(async () => {
      fake = await startStripeFake();
      env['STRIPE_API_BASE'] = fake.url;
      await syncStripeCatalog(createStripeClient('sk_test_fake', fake.url));
    });
    afterAll(() => fake.close());
    const t = setupApp(backend, { env });

    it('CHECKOUT-9: after a Stripe purchase, Manage billing opens the buyer’s Customer Portal', async () => {
      const u = await t.user();
      // The SPA learns from the current user that there is a portal, so Settings shows Manage billing.
      const me = await t.request('/api/auth/user', { token: u.token });
      expect((await json(me))['billingPortal']).toBe(true);
      const before = await t.request('/api/stripe/billing-portal', { method: 'POST', token: u.token });
      expect(before.status).toBe(409);
      expect((await json(before))['message']).toBe(
        'There is no billing account yet: it starts with your first plan or credit pack.',
      );

      const opened = await t.request('/api/stripe/create-checkout-session', {
        token: u.token,
        body: { priceId: 'price_credits_1000' },
      });
      expect(opened.status).toBe(200);
      const { sessionId, url } = await json<{ sessionId: string; url: string }>(opened);
      expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

      const event = {
        id: 'evt_portal_1',
        type: 'checkout.session.completed',
        created: 1,
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
            customer: 'cus_buyer',
            metadata: { userId: u.id },
          },
        },
      };
      const body = JSON.stringify(event);
      const hook = await t.request('/api/stripe/webhook', {
        body,
        headers: { 'stripe-signature': signStripePayload('whsec_portal', body) },
      });
      expect(await json(hook)).toEqual({ received: true, outcome: 'processed' });

      const portal = await t.request('/api/stripe/billing-portal', { method: 'POST', token: u.token });
      expect(portal.status).toBe(200);
      expect((await json<{ url: string }>(portal)).url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
      expect(fake.requests.at(-1)).toMatchObject({
        path: '/v1/billing_portal/sessions',
        params: { customer: 'cus_buyer', return_url: 'http://localhost:3000/settings' },
        problems: [],
      });
      // The next checkout names the same customer instead of making another.
      await t.request('/api/stripe/create-checkout-session', {
        token: u.token,
        body: { priceId: 'price_credits_2500' },
      });
      expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/checkout/sessions', params: { customer: 'cus_buyer' } });
      expect(fake.requests.filter((r) => r.problems.length > 0)).toEqual([]);
    });
  });
}
