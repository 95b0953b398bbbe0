import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import type { User } from '../api/schemas';
import type { BillingCycle, PaidPlanId } from '../catalog';
import type { SessionActor } from './session';

/**
 * The seam between the views and the session. The shell and the pages read the user only through
 * `useCurrentUser()`; guarded actions go through `requestSignIn()` / `requestPurchase()`.
 */

// A dormant visitor session until main.tsx binds the real one (tests bind their own).
let session: SessionActor = createActor(sessionMachine);

export function bindSession(actor: SessionActor): void {
  session = actor;
}

export function getSession(): SessionActor {
  return session;
}

export function useSession(): SessionActor {
  return session;
}

export function useCurrentUser(): User | null {
  return useSelector(session, (s) => s.context.user);
}

export type SignInMode = 'login' | 'register';

type Navigate = (path: string) => void;

// Until the router is bound (main.tsx), fall back to a full page load.
let navigate: Navigate = (path) => window.location.assign(path);

/** main.tsx binds the router's client-side navigation here. */
export function bindNavigation(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(path: string): void {
  navigate(path);
}

/** Opens the login dialog (the one guard mechanism of spec §1 and §5), or its register mode. */
export function requestSignIn(mode: SignInMode): void {
  if (mode === 'register') session.send({ type: 'auth.dialog.open', mode: 'register' });
  else session.send({ type: 'auth.required' });
}

export type PurchaseRequest =
  { kind: 'plan'; planId: PaidPlanId; billingCycle: BillingCycle } | { kind: 'pack'; packId: string; credits: number };

type Purchase = (request: PurchaseRequest) => void;
let purchase: Purchase = () => {};

/** The billing work binds checkout here. */
export function bindPurchase(fn: Purchase): void {
  purchase = fn;
}

/** Starts a subscription or a pack purchase; a visitor gets the login dialog instead. */
export function requestPurchase(request: PurchaseRequest): void {
  if (!session.getSnapshot().matches('signedIn')) {
    session.send({ type: 'auth.required' });
    return;
  }
  purchase(request);
}
