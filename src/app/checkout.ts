/**
 * The checkout on the plans and packs screens (CHECKOUT-1 to CHECKOUT-4): `useCheckout()` starts the flow (its
 * effects: src/flows/billing/billing.effects.ts) with the screen and it stops when the screen goes.
 */
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { checkoutFlow } from '../flows/billing/billing.effects';
import { checkoutMachine, type CheckoutEvent } from '../flows/billing/checkout.machine';
import type { Flow } from '../flows/shared/flow.effects';
import { onPageRestored } from './page-restored';
import { useFlow } from './provider';
import type { PurchaseRequest } from '../flows/session/session.effects';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

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
