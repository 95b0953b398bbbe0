/**
 * The checkout-return flow's real effects: the checkout status call, the session's user refresh (balance
 * badges, plan) and replacing the address without ?checkout (router navigate with replace). The /subscribe
 * and /credits routes start it with the search they were loaded with; it stops when they go.
 */
import { useRouter } from '@tanstack/react-router';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { checkoutReturnMachine, type CheckoutReturnInput } from '../../machines/billing/checkout-return.machine';
import type { Endpoints } from '../api/endpoints';
import { loadEndpoints, sessionCredentials } from './api';
import { systemIds } from './app.machine';
import type { AppActor } from './create-app';
import { useFlow } from './provider';
import type { SessionActor } from './session';
import { testDelays } from './test-delays';

export type CheckoutReturnActor = ActorRefFrom<typeof checkoutReturnMachine>;

export interface CheckoutReturnDeps {
  endpoints?: Pick<Endpoints, 'getCheckoutStatus'>;
  /** Replaces the address with this page without its search. */
  clearAddress: () => void;
}

export const checkoutReturnFlow =
  ({ endpoints, clearAddress }: CheckoutReturnDeps) =>
  (app: AppActor) =>
    checkoutReturnMachine.provide({
      actors: {
        checkoutStatus: fromPromise(async ({ input, signal }) =>
          (endpoints ?? (await loadEndpoints(sessionCredentials(app.system)))).getCheckoutStatus(input.sessionId, {
            signal,
          }),
        ),
      },
      actions: {
        refreshUser: ({ context }) => {
          const session = app.system.get(systemIds.session) as SessionActor;
          // The badges show the new balance at once; the reload brings the plan too.
          if (context.balance !== null) session.send({ type: 'credits.updated', credits: context.balance });
          session.send({ type: 'user.refresh' });
        },
        clearAddress: () => clearAddress(),
      },
      delays: testDelays('checkoutReturn'),
    });

/** Search parameters of a page the checkout sends the browser back to. */
export function returnInput(search: {
  checkout?: string | undefined;
  session_id?: string | undefined;
}): CheckoutReturnInput {
  const outcome = search.checkout === 'success' || search.checkout === 'cancel' ? search.checkout : null;
  return { outcome, sessionId: search.session_id ?? null };
}

/** The screen's return flow, started once with the search the page was loaded with. */
export function useCheckoutReturn(input: CheckoutReturnInput): CheckoutReturnActor {
  const router = useRouter();
  return useFlow(
    checkoutReturnFlow({
      clearAddress: () =>
        void router.navigate({ to: router.state.location.pathname, search: {}, replace: true } as never),
    }),
    { input },
  );
}
