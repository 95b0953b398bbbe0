import { defineModel } from '../harness';
import { checkoutMachine } from '../../../machines/billing/checkout.machine';
import { serverError, silentError } from './fixtures';

export const checkoutSessionAnswer = { sessionId: 'cs_local_1', url: 'http://127.0.0.1:3000/checkout/cs_local_1' };

export const checkoutModel = defineModel({
  machine: checkoutMachine,
  events: {
    'checkout.subscribe': [
      { type: 'checkout.subscribe', planId: 'pro', billingCycle: 'monthly' },
      { type: 'checkout.subscribe', planId: 'standard', billingCycle: 'annually' },
    ],
    'checkout.buyPack': [{ type: 'checkout.buyPack', priceId: 'price_credits_1000', credits: 1000 }],
    'checkout.return': [{ type: 'checkout.return' }],
  },
  actors: {
    createSubscription: {
      done: [checkoutSessionAnswer, {}, { sessionId: '', url: checkoutSessionAnswer.url }],
      error: [serverError('You are already subscribed to this plan.'), silentError],
    },
    createCheckoutSession: {
      done: [checkoutSessionAnswer, { url: checkoutSessionAnswer.url }],
      error: [serverError('Unknown credit pack'), silentError],
    },
  },
  context: (context) => context.pending,
});
