import { describe, expect, it } from 'vitest';
import { describeFlows, done, fail, scenario } from './harness';
import { checkoutModel, checkoutSessionAnswer } from './models/billing.models';
import { serverError, silentError } from './models/fixtures';

describeFlows('checkout', checkoutModel);

const subscribe = { type: 'checkout.subscribe', planId: 'pro', billingCycle: 'monthly' };
const buyPack = { type: 'checkout.buyPack', priceId: 'price_credits_1000', credits: 1000 };

describe('subscription checkout', () => {
  it('asks for a session with the plan and cycle, stays busy, then redirects to the hosted checkout', async () => {
    const asking = await scenario(checkoutModel, [subscribe]);
    expect(asking.started).toEqual([{ id: 'createSubscription', input: { planId: 'pro', billingCycle: 'monthly' } }]);
    expect(asking.snapshot.hasTag('busy')).toBe(true);
    expect(asking.snapshot.can(buyPack as never)).toBe(false);
    expect(asking.snapshot.context).toEqual({ pending: 'pro' });

    const r = await scenario(checkoutModel, [subscribe, done('createSubscription', checkoutSessionAnswer)]);
    expect(r.effects).toEqual([{ name: 'redirectToCheckout', params: checkoutSessionAnswer }]);
    expect(r.snapshot.value).toBe('redirecting');
    expect(r.snapshot.hasTag('busy')).toBe(true);
  });

  it.each([
    [
      'a missing session id',
      done('createSubscription', { url: checkoutSessionAnswer.url }),
      'No session ID returned from server',
    ],
    ['a server failure', fail('createSubscription', serverError('Unknown plan')), 'Unknown plan'],
    ['a failure without a message', fail('createSubscription', silentError), 'Failed to create subscription'],
  ])('only logs %s and is ready again', async (_name, outcome, message) => {
    const r = await scenario(checkoutModel, [subscribe, outcome]);
    expect(r.effects.map((e) => e.name)).toEqual(['logError']);
    expect((r.effects[0]?.params as { message: string }).message).toBe(message);
    expect(r.snapshot.value).toBe('idle');
    expect(r.snapshot.context).toEqual({ pending: null });
    expect(r.snapshot.can(subscribe as never)).toBe(true);
  });
});

describe('credit pack checkout', () => {
  it('asks for a session with the price id and credits, then redirects', async () => {
    const r = await scenario(checkoutModel, [buyPack, done('createCheckoutSession', checkoutSessionAnswer)]);
    expect(r.started).toEqual([
      { id: 'createCheckoutSession', input: { priceId: 'price_credits_1000', credits: 1000 } },
    ]);
    expect(r.effects).toEqual([{ name: 'redirectToCheckout', params: checkoutSessionAnswer }]);
  });

  it.each([
    ['a missing session id', done('createCheckoutSession', {}), 'Purchase failed: No session ID returned from server'],
    [
      'a server failure',
      fail('createCheckoutSession', serverError('Unknown credit pack')),
      'Purchase failed: Unknown credit pack',
    ],
    [
      'a failure without a message',
      fail('createCheckoutSession', silentError),
      'Purchase failed: Failed to create checkout session',
    ],
  ])('alerts %s and is ready again', async (_name, outcome, message) => {
    const r = await scenario(checkoutModel, [buyPack, outcome]);
    expect(r.effects).toEqual([{ name: 'alert', params: { message } }]);
    expect(r.snapshot.value).toBe('idle');
    expect(r.snapshot.hasTag('busy')).toBe(false);
  });

  it('ignores a second purchase while the first is in flight', async () => {
    const r = await scenario(checkoutModel, [buyPack, subscribe]);
    expect(r.started.map((s) => s.id)).toEqual(['createCheckoutSession']);
  });

  it('is ready again when the browser comes back from the hosted checkout', async () => {
    const r = await scenario(checkoutModel, [
      buyPack,
      done('createCheckoutSession', checkoutSessionAnswer),
      { type: 'checkout.return' },
    ]);
    expect(r.snapshot.value).toBe('idle');
    expect(r.snapshot.hasTag('busy')).toBe(false);
  });
});
