/**
 * The checkout flow's real effects (spec §4 Subscription and Credit purchase): the payment calls
 * of endpoints.ts, a full-page redirect to the hosted checkout, console and alert for failures.
 * The plans and packs screens start it with `useCheckout()` and it stops when they go.
 */
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { checkoutMachine, type CheckoutEvent } from '../../machines/billing/checkout.machine';
import type { ApiCredentials } from '../api/client';
import type { Endpoints } from '../api/endpoints';
import { loadEndpoints, sessionCredentials } from './api';
import { useFlow, type Flow } from './provider';
import type { PurchaseRequest } from './session';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

type CheckoutEndpoints = Pick<Endpoints, 'createSubscription' | 'createCheckoutSession'>;

export interface CheckoutDeps {
  endpoints?: CheckoutEndpoints;
  /** The session's token for the real endpoints (src/app/api.ts). */
  credentials?: ApiCredentials;
  redirect?: (url: string) => void;
  alert?: (message: string) => void;
  log?: (message: string, error: unknown) => void;
}

export function checkoutLogic({
  endpoints,
  credentials = {},
  redirect = (url) => window.location.assign(url),
  alert = (message) => window.alert(message),
  log = (message, error) => console.error(message, error),
}: CheckoutDeps = {}) {
  // The API client (ofetch, valibot) is its own chunk; the first call loads it.
  const api = async (): Promise<CheckoutEndpoints> => endpoints ?? loadEndpoints(credentials);
  return checkoutMachine.provide({
    actors: {
      createSubscription: fromPromise(async ({ input }) => (await api()).createSubscription(input)),
      createCheckoutSession: fromPromise(async ({ input }) => (await api()).createCheckoutSession(input)),
    },
    actions: {
      redirectToCheckout: (_, params) => redirect(params.url),
      logError: (_, params) => log(params.message, params.error),
      alert: (_, params) => alert(params.message),
    },
  });
}

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
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) checkout.send({ type: 'checkout.return' });
  };
  target.addEventListener('pageshow', onShow);
  return () => target.removeEventListener('pageshow', onShow);
}

/** The screen's checkout: started with the screen, stopped with it, back-forward-cache aware. */
export function useCheckout(
  logic: Flow<ReturnType<typeof checkoutLogic>> = (app) =>
    checkoutLogic({ credentials: sessionCredentials(app.system) }),
): CheckoutActor {
  const checkout = useFlow(logic);
  useEffect(() => listenForReturn(checkout), [checkout]);
  return checkout;
}
