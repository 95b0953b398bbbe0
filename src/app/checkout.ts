/**
 * The app's checkout actor with its real effects (spec §4 Subscription and Credit purchase): the
 * payment calls of endpoints.ts, a full-page redirect to the hosted checkout, console and alert for
 * failures. main.tsx imports this module only on the first purchase; the plan and pack pages read
 * the actor to disable their buttons while a checkout is being prepared.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { checkoutMachine, type CheckoutEvent } from '../../machines/billing/checkout.machine';
import type { Endpoints } from '../api/endpoints';
import type { PurchaseRequest } from './session-hooks';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

type CheckoutEndpoints = Pick<Endpoints, 'createSubscription' | 'createCheckoutSession'>;

export interface CheckoutDeps {
  endpoints?: CheckoutEndpoints;
  redirect?: (url: string) => void;
  alert?: (message: string) => void;
  log?: (message: string, error: unknown) => void;
}

// The API client (ofetch, valibot) is its own chunk; the first call loads it.
const lazyEndpoints = async (): Promise<CheckoutEndpoints> => (await import('../api/endpoints')).endpoints;

export function checkoutLogic({
  endpoints,
  redirect = (url) => window.location.assign(url),
  alert = (message) => window.alert(message),
  log = (message, error) => console.error(message, error),
}: CheckoutDeps = {}) {
  const api = async () => endpoints ?? lazyEndpoints();
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

/** The one purchase event of a request from the views (session-hooks.ts). */
export function checkoutEvent(request: PurchaseRequest): CheckoutEvent {
  return request.kind === 'plan'
    ? { type: 'checkout.subscribe', planId: request.planId, billingCycle: request.billingCycle }
    : { type: 'checkout.buyPack', priceId: request.packId, credits: request.credits };
}

let checkout: CheckoutActor | null = null;

/** The app's checkout actor, started on first use. */
export function getCheckout(): CheckoutActor {
  if (!checkout) {
    checkout = createActor(checkoutLogic()).start();
    listenForReturn();
  }
  return checkout;
}

/** Tests bind an actor with fake effects. */
export function bindCheckout(actor: CheckoutActor): void {
  checkout = actor;
}

/** What a signed-in user's purchase does (main.tsx binds it through bindPurchase). */
export function purchase(request: PurchaseRequest): void {
  getCheckout().send(checkoutEvent(request));
}

/**
 * A page restored from the back-forward cache after the hosted checkout still says 'redirecting';
 * the browser is back, so the buttons come back too.
 */
export function listenForReturn(target: Window = window): () => void {
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted) checkout?.send({ type: 'checkout.return' });
  };
  target.addEventListener('pageshow', onShow);
  return () => target.removeEventListener('pageshow', onShow);
}
