/**
 * The Stripe adapter and `npm run stripe:sync` against the Stripe fake (tests/server/fakes/stripe.ts): every
 * request is checked against Stripe's published document, so a request Stripe would refuse fails here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient, createStripePaymentProvider } from '../../../server/payments/stripe';
import { packLookupKey, planLookupKey, stripeCatalog } from '../../../server/payments/stripe-catalog';
import { syncStripeCatalog } from '../../../server/payments/stripe-sync';
import { WebhookSignatureError, signStripePayload } from '../../../server/payments/signature';
import { packCheckoutRequest } from '../checkout-fixtures';
import { startStripeFake, type StripeFake } from '../fakes/stripe';

let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const provider = () =>
  createStripePaymentProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: 'whsec_stripe',
    appUrl: 'http://localhost:3000',
    apiBase: fake.url,
  });
const client = () => createStripeClient('sk_test_fake', fake.url);
const pack = { ...packCheckoutRequest({ userId: 'u1', kind: 'pack', credits: '1000' }), priceId: 'price_credits_1000' };
const refused = () => fake.requests.filter((r) => r.problems.length > 0);

describe('npm run stripe:sync (Stripe fake)', () => {
  it('creates every product and price once; a second run changes nothing', async () => {
    const first = await syncStripeCatalog(client());
    expect(first.created).toEqual(stripeCatalog().map((p) => p.lookupKey));
    expect(fake.prices.size).toBe(stripeCatalog().length);
    const second = await syncStripeCatalog(client());
    expect(second).toEqual({ created: [], replaced: [], kept: first.created });
    expect(fake.prices.size).toBe(stripeCatalog().length);
    const starter = [...fake.prices.values()].find((p) => p['lookup_key'] === packLookupKey('price_credits_1000'));
    expect(starter).toMatchObject({ unit_amount: 1500, currency: 'usd', recurring: null });
    const proYear = [...fake.prices.values()].find((p) => p['lookup_key'] === planLookupKey('pro', 'annually'));
    expect(proYear).toMatchObject({ unit_amount: 28 * 12 * 100, recurring: { interval: 'year' } });
    expect(refused()).toEqual([]);
  });

  it('replaces a price whose amount changed, moving its lookup key', async () => {
    await syncStripeCatalog(client());
    const key = packLookupKey('price_credits_2500');
    const old = [...fake.prices.values()].find((p) => p['lookup_key'] === key)!;
    old['unit_amount'] = 9999;
    const result = await syncStripeCatalog(client());
    expect(result.replaced).toEqual([key]);
    expect(old['lookup_key']).toBeNull();
    expect([...fake.prices.values()].filter((p) => p['lookup_key'] === key)).toMatchObject([{ unit_amount: 3500 }]);
  });
});

describe('stripe payment provider (Stripe fake)', () => {
  beforeAll(() => syncStripeCatalog(client()));

  it('opens a pack checkout with the synced price, looked up once per instance', async () => {
    const payments = provider();
    const session = await payments.createCheckout(pack);
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.sessionId}`);
    await payments.createCheckout(pack);
    const lookups = fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/prices');
    expect(lookups).toHaveLength(1);
    const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent).toHaveLength(2);
    const starter = [...fake.prices.values()].find((p) => p['lookup_key'] === packLookupKey('price_credits_1000'))!;
    expect(sent[0]!.params).toMatchObject({
      mode: 'payment',
      line_items: [{ price: starter['id'], quantity: '1' }],
      customer_email: 'a@example.com',
      customer_creation: 'always',
      client_reference_id: 'u1',
      metadata: { credits: '1000' },
      success_url: pack.successUrl,
    });
    expect(sent[0]!.params).not.toHaveProperty('line_items.0.price_data');
    expect(refused()).toEqual([]);
  });

  it('opens a subscription checkout for a known customer with the plan and cycle price', async () => {
    await provider().createCheckout({
      ...pack,
      kind: 'subscription',
      planId: 'pro',
      billingCycle: 'annually',
      customerId: 'cus_known',
      metadata: { userId: 'u1', planId: 'pro' },
    });
    const proYear = [...fake.prices.values()].find((p) => p['lookup_key'] === planLookupKey('pro', 'annually'))!;
    const [sent] = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent!.params).toMatchObject({
      mode: 'subscription',
      customer: 'cus_known',
      line_items: [{ price: proYear['id'] }],
      subscription_data: { metadata: { planId: 'pro' } },
    });
    expect(sent!.params).not.toHaveProperty('customer_email');
    expect(refused()).toEqual([]);
  });

  it('says which setup step is missing when the prices were never synced', async () => {
    const empty = await startStripeFake();
    try {
      const payments = createStripePaymentProvider({
        secretKey: 'sk_test_fake',
        webhookSecret: 'whsec_stripe',
        appUrl: 'http://localhost:3000',
        apiBase: empty.url,
      });
      await expect(payments.createCheckout(pack)).rejects.toThrow(/run npm run stripe:sync/);
    } finally {
      await empty.close();
    }
  });

  it('opens a billing portal session coming back to the given page', async () => {
    const url = await provider().createPortalSession!('cus_known', 'http://localhost:3000/settings');
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      params: { customer: 'cus_known', return_url: 'http://localhost:3000/settings' },
      problems: [],
    });
  });

  it('cancels a subscription at the period end', async () => {
    await provider().cancelSubscription('sub_123');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_123',
      params: { cancel_at_period_end: 'true' },
      problems: [],
    });
  });

  it('a request the document refuses is answered 400 and recorded', async () => {
    await expect(client().billingPortal.sessions.create({ customer: 'cus_1', locale: 'xx' as 'auto' })).rejects.toThrow(
      /Invalid request/,
    );
    const unknownField = { mode: 'payment', success_url: 'http://localhost:3000/', price_data_typo: 1 };
    await expect(client().checkout.sessions.create(unknownField as never)).rejects.toThrow(/additional properties/);
    expect(refused()).toHaveLength(2);
  });

  it('verifies webhooks with the Stripe SDK', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: { id: 'in_1' } },
    });
    const event = provider().verifyWebhook(body, signStripePayload('whsec_stripe', body));
    expect(event).toMatchObject({ id: 'evt_1', type: 'invoice.paid', data: { object: { id: 'in_1' } } });
    expect(() => provider().verifyWebhook(body, signStripePayload('whsec_x', body))).toThrow(WebhookSignatureError);
    expect(() => provider().verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
  });
});
