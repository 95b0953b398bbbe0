/**
 * Manage billing on Settings › Billing (CHECKOUT-9): `useBillingPortal()` starts the flow (its effects:
 * src/flows/account/account.effects.ts) with the page and it stops with the page.
 */
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { billingPortalFlow } from '../flows/account/account.effects';
import { billingPortalMachine } from '../flows/account/billing-portal.machine';
import type { Flow } from '../flows/shared/flow.effects';
import { onPageRestored } from './page-restored';
import { useFlow } from './provider';

export type BillingPortalActor = ActorRefFrom<typeof billingPortalMachine>;

/** Settings' Manage billing: started with the page, stopped with it; back from the portal, the button comes back. */
export function useBillingPortal(flow: Flow<typeof billingPortalMachine> = billingPortalFlow): BillingPortalActor {
  const portal = useFlow(flow);
  useEffect(() => onPageRestored(() => portal.send({ type: 'portal.return' })), [portal]);
  return portal;
}
