import type { User } from '../api/schemas';
import type { BillingCycle, PaidPlanId } from '../catalog';

/**
 * The seam between the views and the session. The shell and the pages read the user only through
 * `useCurrentUser()`; the session work replaces these bodies (login dialog, checkout).
 */
export function useCurrentUser(): User | null {
  return null;
}

export type SignInMode = 'login' | 'register';

type Navigate = (path: string) => void;

// Until the router is bound (main.tsx), fall back to a full page load.
let navigate: Navigate = (path) => window.location.assign(path);

/** main.tsx binds the router's client-side navigation here. */
export function bindNavigation(fn: Navigate): void {
  navigate = fn;
}

/** Asks the visitor to sign in; for now the /login and /register pages, later the login dialog. */
export function requestSignIn(mode: SignInMode): void {
  navigate(mode === 'login' ? '/login' : '/register');
}

export type PurchaseRequest =
  | { kind: 'plan'; planId: PaidPlanId; billingCycle: BillingCycle }
  | { kind: 'pack'; packId: string; credits: number };

/** Starts a subscription or a pack purchase; the billing work wires checkout. Visitors sign in first. */
export function requestPurchase(_request: PurchaseRequest): void {
  requestSignIn('login');
}
