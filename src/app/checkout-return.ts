/**
 * The checkout-return flow's real effects: the checkout status call, the session's user refresh (balance
 * badges, plan) and replacing the address without ?checkout (navigation with replace). The /subscribe
 * and /credits routes start it with the search they were loaded with; it stops when they go.
 */
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { checkoutReturnMachine, type CheckoutReturnInput } from '../flows/billing/checkout-return.machine';
import { defineFlow, type Flow } from './flow';
import { useFlow } from './provider';
import { reportCredits } from './session';

export type CheckoutReturnActor = ActorRefFrom<typeof checkoutReturnMachine>;

export const checkoutReturnFlow = defineFlow(checkoutReturnMachine)(({ api, session, navigate }) => ({
  actors: {
    checkoutStatus: fromPromise(async ({ input, signal }) =>
      (await api()).getCheckoutStatus(input.sessionId, { signal }),
    ),
  },
  actions: {
    refreshUser: ({ context }) => {
      // The badges show the new balance at once (the one path of a balance: the session); the reload brings
      // the plan too.
      if (context.balance !== null) reportCredits(session(), context.balance);
      session().send({ type: 'user.refresh' });
    },
    clearAddress: () => navigate({ to: '.', replace: true }),
  },
}));

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
