/**
 * Manage billing's real effects (CHECKOUT-9): the portal call of endpoints.ts and a full-page redirect to
 * the provider's customer portal, as the checkout leaves for its hosted page. Settings › Billing starts it
 * with `useBillingPortal()` and it stops with the page.
 */
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { billingPortalMachine } from '../flows/account/billing-portal.machine';
import { defineFlow, type Flow } from './flow';
import { onPageRestored } from './page-restored';
import { useFlow } from './provider';

export type BillingPortalActor = ActorRefFrom<typeof billingPortalMachine>;

export const billingPortalFlow = defineFlow(billingPortalMachine)(({ api, window }) => ({
  actors: {
    openBillingPortal: fromPromise(async () => (await api()).createBillingPortal()),
  },
  actions: {
    redirectToPortal: (_, params) => window().location.assign(params.url),
  },
}));

/** Settings' Manage billing: started with the page, stopped with it; back from the portal, the button comes back. */
export function useBillingPortal(flow: Flow<typeof billingPortalMachine> = billingPortalFlow): BillingPortalActor {
  const portal = useFlow(flow);
  useEffect(() => onPageRestored(() => portal.send({ type: 'portal.return' })), [portal]);
  return portal;
}
