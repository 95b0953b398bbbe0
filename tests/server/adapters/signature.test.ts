import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { WebhookSignatureError, signStripePayload, verifyStripeSignature } from '../../../server/payments/signature';

const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid' });
const stripe = new Stripe('sk_test_dummy');

describe('Stripe webhook signatures', () => {
  it('produces t= and v1= parts', () => {
    expect(signStripePayload(secret, payload, 1700000000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
  });

  it('verifies a header made by the stripe SDK', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now });
    expect(() => verifyStripeSignature(secret, payload, header)).not.toThrow();
    expect(header).toBe(signStripePayload(secret, payload, now));
  });

  it('is accepted by stripe.webhooks.constructEvent', () => {
    const event = stripe.webhooks.constructEvent(payload, signStripePayload(secret, payload), secret);
    expect(event.id).toBe('evt_1');
    expect(event.type).toBe('invoice.paid');
  });

  it('accepts any of several v1 entries', () => {
    const good = signStripePayload(secret, payload, 1000).split(',v1=')[1];
    const header = `t=1000,v1=${'0'.repeat(64)},v0=abc,v1=${good}`;
    expect(() => verifyStripeSignature(secret, payload, header, 300, 1100)).not.toThrow();
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['no timestamp', `v1=${'a'.repeat(64)}`],
    ['no v1', 't=1000'],
    ['garbage', 'hello world'],
  ])('rejects a %s header', (_name, header) => {
    expect(() => verifyStripeSignature(secret, payload, header, 300, 1000)).toThrow(WebhookSignatureError);
  });

  it('rejects a tampered payload, a wrong secret and a stale timestamp', () => {
    const header = signStripePayload(secret, payload, 1000);
    expect(() => verifyStripeSignature(secret, payload + ' ', header, 300, 1000)).toThrow(/does not match/);
    expect(() => verifyStripeSignature('whsec_other', payload, header, 300, 1000)).toThrow(WebhookSignatureError);
    expect(() => verifyStripeSignature(secret, payload, header, 300, 1301)).toThrow(/tolerance/);
    expect(() => verifyStripeSignature(secret, payload, header, 300, 1300)).not.toThrow();
  });

  it('stripe.webhooks.constructEvent rejects a tampered payload signed by us', () => {
    const header = signStripePayload(secret, payload);
    expect(() => stripe.webhooks.constructEvent(payload + 'x', header, secret)).toThrow();
  });
});
