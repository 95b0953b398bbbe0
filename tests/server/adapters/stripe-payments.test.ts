import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripePaymentProvider } from '../../../server/payments/stripe';
import { WebhookSignatureError, signStripePayload } from '../../../server/payments/signature';
import { packCheckoutRequest } from '../checkout-fixtures';

interface Received {
  method: string;
  path: string;
  auth: string | undefined;
  form: URLSearchParams;
}

let server: Server;
let apiBase = '';
let received: Received[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = req.url ?? '';
      received.push({
        method: req.method ?? '',
        path,
        auth: req.headers.authorization,
        form: new URLSearchParams(body),
      });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: 'cs_test_123',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_123',
          }),
        );
      } else if (req.method === 'POST' && path === '/v1/subscriptions/sub_123') {
        res.end(JSON.stringify({ id: 'sub_123', object: 'subscription', cancel_at_period_end: true }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No such thing' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const base = packCheckoutRequest({ userId: 'u1', kind: 'pack', credits: '500' });

function provider() {
  return createStripePaymentProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: 'whsec_stripe',
    appUrl: 'http://localhost:3000',
    apiBase,
  });
}

describe('stripe payment provider (fake Stripe API)', () => {
  it('creates a payment-mode checkout session for a pack', async () => {
    const session = await provider().createCheckout(base);
    expect(session).toEqual({
      sessionId: 'cs_test_123',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    });
    expect(received).toHaveLength(1);
    const { form, auth } = received[0]!;
    expect(auth).toBe('Bearer sk_test_fake');
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1500');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('500 credits');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('customer_email')).toBe('a@example.com');
    expect(form.get('client_reference_id')).toBe('u1');
    expect(form.get('metadata[credits]')).toBe('500');
    expect(form.get('success_url')).toBe(base.successUrl);
    expect(form.get('cancel_url')).toBe(base.cancelUrl);
  });

  it('creates a subscription-mode session with a yearly or monthly recurring price', async () => {
    await provider().createCheckout({
      ...base,
      kind: 'subscription',
      amountCents: 14400,
      planId: 'pro',
      billingCycle: 'annually',
      metadata: { userId: 'u1', planId: 'pro' },
    });
    await provider().createCheckout({ ...base, kind: 'subscription', billingCycle: 'monthly' });
    const [annual, monthly] = received;
    expect(annual!.form.get('mode')).toBe('subscription');
    expect(annual!.form.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(annual!.form.get('line_items[0][price_data][unit_amount]')).toBe('14400');
    expect(annual!.form.get('subscription_data[metadata][planId]')).toBe('pro');
    expect(monthly!.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
  });

  it('cancels a subscription at the period end', async () => {
    await provider().cancelSubscription('sub_123');
    expect(received[0]).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_123' });
    expect(received[0]!.form.get('cancel_at_period_end')).toBe('true');
  });

  it('rejects when Stripe answers an error', async () => {
    await expect(provider().cancelSubscription('sub_missing')).rejects.toThrow(/No such thing/);
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
