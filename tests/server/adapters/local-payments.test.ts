import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import {
  buildLocalEvents,
  buildRenewalInvoiceEvent,
  buildSubscriptionDeletedEvent,
  createLocalPaymentProvider,
  type LocalCheckoutRecord,
} from '../../../server/payments/local';
import { renderHostedCheckoutMessage, renderHostedCheckoutPage } from '../../../server/payments/hosted-checkout-page';
import { escapeHtml } from '../../../server/lib/html';
import { addMonths } from '../../../server/lib/dates';
import { WebhookSignatureError, signStripePayload } from '../../../server/payments/signature';
import { packCheckoutRequest } from '../checkout-fixtures';

const secret = 'whsec_local';
const provider = createLocalPaymentProvider({ appUrl: 'http://localhost:3000/', webhookSecret: secret });
const now = new Date('2026-01-31T10:00:00Z');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

const request = packCheckoutRequest({ userId: 'u1', source: 'test' });

function record(over: Partial<LocalCheckoutRecord> = {}): LocalCheckoutRecord {
  return { ...request, sessionId: 'cs_local_abc', createdAt: now, ...over };
}

const { priceId: _packPrice, ...withoutPrice } = record();
const sub: LocalCheckoutRecord = {
  ...withoutPrice,
  kind: 'subscription',
  description: 'Pro plan, billed annually',
  amountCents: 14400,
  credits: 1000,
  planId: 'pro',
  billingCycle: 'annually',
};

describe('local payment provider', () => {
  it('creates a checkout session id and a checkout page URL on the app', async () => {
    const a = await provider.createCheckout(request);
    const b = await provider.createCheckout(request);
    expect(a.sessionId).toMatch(/^cs_local_[A-Za-z0-9_-]{24}$/);
    expect(a.url).toMatch(new RegExp(`^http://localhost:3000/checkout/${a.sessionId}\\?key=[\\w-]{43}$`));
    expect(b.sessionId).not.toBe(a.sessionId);
    expect(provider.name).toBe('local');
    await expect(provider.cancelSubscription('sub_local_x')).resolves.toBeUndefined();
  });

  it('verifies a signed event and parses it', () => {
    const [ev] = buildLocalEvents(record(), now);
    const body = JSON.stringify(ev);
    const parsed = provider.verifyWebhook(body, signStripePayload(secret, body));
    expect(parsed.id).toBe(ev?.id);
    expect(parsed.type).toBe('checkout.session.completed');
    expect(parsed.data.object['client_reference_id']).toBe('u1');
  });

  it('rejects bad signatures and bodies that are not events', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'x', data: { object: {} } });
    expect(() => provider.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(body, signStripePayload('whsec_other', body))).toThrow(WebhookSignatureError);
    for (const bad of ['[1]', '"x"', 'null', '{"type":"x"}', '{"id":"e"}', 'not json']) {
      expect(() => provider.verifyWebhook(bad, signStripePayload(secret, bad))).toThrow();
    }
  });

  it('builds one Stripe-shaped checkout.session.completed for a pack', () => {
    const events = buildLocalEvents(record(), now);
    expect(events).toHaveLength(1);
    const ev = events[0] as unknown as Record<string, unknown> & { data: { object: Record<string, unknown> } };
    expect(ev).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      created: unix(now),
      livemode: false,
    });
    expect(ev['id']).toMatch(/^evt_local_/);
    expect(typeof ev['api_version']).toBe('string');
    expect(ev.data.object).toMatchObject({
      id: 'cs_local_abc',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 1500,
      currency: 'usd',
      customer_email: 'a@example.com',
      client_reference_id: 'u1',
      metadata: { userId: 'u1', source: 'test', kind: 'pack', credits: '500', priceId: 'price_500' },
    });
    // The stripe SDK reads it as an event once signed.
    const body = JSON.stringify(ev);
    const parsed = new Stripe('sk_test_x').webhooks.constructEvent(body, signStripePayload(secret, body), secret);
    expect(parsed.type).toBe('checkout.session.completed');
  });

  it('builds checkout.session.completed then invoice.paid for an annual subscription', () => {
    const events = buildLocalEvents(sub, now);
    expect(events.map((e) => e.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    const session = events[0]!.data.object;
    const invoice = events[1]!.data.object;
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 14400,
      metadata: { planId: 'pro', billingCycle: 'annually', credits: '1000', kind: 'subscription' },
    });
    expect(session['subscription']).toMatch(/^sub_local_/);
    expect(invoice['id']).toMatch(/^in_local_/);
    const end = unix(new Date('2027-01-31T10:00:00Z'));
    expect(invoice).toMatchObject({
      object: 'invoice',
      subscription: session['subscription'],
      amount_paid: 14400,
      billing_reason: 'subscription_create',
      period_start: unix(now),
      period_end: end,
      lines: { data: [{ period: { start: unix(now), end } }] },
      metadata: { planId: 'pro', billingCycle: 'annually', credits: '1000' },
    });
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
  });

  it('uses a one-month period for monthly plans, clamped to the month end', () => {
    const events = buildLocalEvents({ ...sub, billingCycle: 'monthly', amountCents: 1500 }, now);
    expect(events[1]!.data.object['period_end']).toBe(unix(new Date('2026-02-28T10:00:00Z')));
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 2).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('builds renewal and deletion events for the same subscription', () => {
    const start = new Date('2026-02-28T10:00:00Z');
    const renewal = buildRenewalInvoiceEvent({ ...sub, billingCycle: 'monthly' }, 'sub_local_1', start);
    expect(renewal.type).toBe('invoice.paid');
    expect(renewal.data.object).toMatchObject({
      subscription: 'sub_local_1',
      billing_reason: 'subscription_cycle',
      period_start: unix(start),
      period_end: unix(new Date('2026-03-28T10:00:00Z')),
    });
    const deleted = buildSubscriptionDeletedEvent(sub, 'sub_local_1', start);
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect(deleted.data.object).toMatchObject({ id: 'sub_local_1', object: 'subscription', status: 'canceled' });
  });
});

describe('local checkout page', () => {
  const view = {
    sessionId: 'cs_local_abc',
    description: 'Pro plan',
    amountCents: 14400,
    currency: 'usd' as const,
    email: 'a@example.com',
    kind: 'subscription' as const,
    credits: 1000,
    billingCycle: 'annually' as const,
  };

  it('escapes HTML', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;',
    );
  });

  it('shows what is bought, the total, the test notice, the pay form and the cancel link', () => {
    const html = renderHostedCheckoutPage(view);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Atelier Checkout</title>');
    expect(html).toContain('Pro plan');
    expect(html).toContain('1,000 credits per month');
    expect(html).toContain('$144.00 billed annually');
    expect(html).toContain('no card is charged');
    expect(html).toContain('<form method="post" action="/checkout/cs_local_abc/pay">');
    expect(html).toContain('>Pay $144.00</button>');
    expect(html).toContain('href="/checkout/cs_local_abc/cancel">Cancel</a>');
    expect(html).toContain('prefers-color-scheme:dark');
    expect(html).not.toContain('<script');
  });

  it('shows a pack total and an error', () => {
    const html = renderHostedCheckoutPage({
      ...view,
      kind: 'pack',
      amountCents: 1500,
      credits: 500,
      error: 'Payment failed <b>',
    });
    expect(html).toContain('>Pay $15.00</button>');
    expect(html).toContain('500 credits');
    expect(html).toContain('Payment failed &lt;b&gt;');
  });

  it('never lets a description inject markup', () => {
    const html = renderHostedCheckoutPage({ ...view, description: '<script>alert(1)</script>', email: '"><img>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('"><img>');
  });

  it('renders a message page', () => {
    const html = renderHostedCheckoutMessage('Already paid', 'This checkout <is> done.', '/account', 'Back');
    expect(html).toContain('<h1>Already paid</h1>');
    expect(html).toContain('This checkout &lt;is&gt; done.');
    expect(html).toContain('href="/account">Back</a>');
  });
});
