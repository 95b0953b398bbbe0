/**
 * The checkout flow's real effects (CHECKOUT-1 to CHECKOUT-4): the payment calls
 * of endpoints.ts, a full-page redirect to the hosted checkout, the console and an alert for failures.
 * The plans and packs screens start it with `useCheckout()` and it stops when they go.
 */
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { checkoutMachine, type CheckoutEvent } from '../flows/billing/checkout.machine';
import { defineFlow, type Flow } from './flow';
import { onPageRestored } from './page-restored';
import { useFlow } from './provider';
import type { PurchaseRequest } from './session';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

export const checkoutFlow = defineFlow(checkoutMachine)(({ api, window }) => ({
  actors: {
    createSubscription: fromPromise(async ({ input }) => (await api()).createSubscription(input)),
    createCheckoutSession: fromPromise(async ({ input }) => (await api()).createCheckoutSession(input)),
  },
  actions: {
    redirectToCheckout: (_, params) => window().location.assign(params.url),
    logError: (_, params) => window().console.error(params.message, params.error),
    alert: (_, params) => window().alert(params.message),
  },
}));

/** The checkout event of a purchase request from the views. */
export function checkoutEvent(request: PurchaseRequest): CheckoutEvent {
  return request.kind === 'plan'
    ? { type: 'checkout.subscribe', planId: request.planId, billingCycle: request.billingCycle }
    : { type: 'checkout.buyPack', priceId: request.packId, credits: request.credits };
}

/** What a signed-in purchase does on a screen: send it to that screen's checkout. */
export function purchaseWith(checkout: Pick<CheckoutActor, 'send'>): (request: PurchaseRequest) => void {
  return (request) => checkout.send(checkoutEvent(request));
}

/**
 * A page restored from the back-forward cache after the hosted checkout still says 'redirecting';
 * the browser is back, so the buttons come back too.
 */
export function listenForReturn(checkout: Pick<CheckoutActor, 'send'>, target: Window = window): () => void {
  return onPageRestored(() => checkout.send({ type: 'checkout.return' }), target);
}

/** The screen's checkout: started with the screen, stopped with it, back-forward-cache aware. */
export function useCheckout(flow: Flow<typeof checkoutMachine> = checkoutFlow): CheckoutActor {
  const checkout = useFlow(flow);
  useEffect(() => listenForReturn(checkout), [checkout]);
  return checkout;
}
