/**
 * Back from the hosted checkout: the /subscribe and /credits routes start the checkout-return flow (its effects:
 * src/flows/billing/billing.effects.ts) with the search they were loaded with; it stops when they go.
 */
import type { ActorRefFrom } from 'xstate';
import { checkoutReturnMachine, type CheckoutReturnInput } from '../flows/billing/checkout-return.machine';
import { checkoutReturnFlow } from '../flows/billing/billing.effects';
import type { Flow } from '../flows/shared/flow.effects';
import { useFlow } from './provider';

export type CheckoutReturnActor = ActorRefFrom<typeof checkoutReturnMachine>;

/** Search parameters of a page the checkout sends the browser back to. */
export function returnInput(search: {
  checkout?: string | undefined;
  session_id?: string | undefined;
}): CheckoutReturnInput {
  const outcome = search.checkout === 'success' || search.checkout === 'cancel' ? search.checkout : null;
  return { outcome, sessionId: search.session_id ?? null };
}

/** The screen's return flow, started once with the search the page was loaded with. */
export function useCheckoutReturn(
  input: CheckoutReturnInput,
  flow: Flow<typeof checkoutReturnMachine> = checkoutReturnFlow,
): CheckoutReturnActor {
  return useFlow(flow, { input });
}
