/**
 * The session's real effects: the API (endpoints.ts, loaded with the first call), the token
 * storage and the router's navigation; plus the two requests views make of the session.
 */
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from './session.machine';
import type { NavigateParams } from './session.types';
import type { Endpoints } from '../../api/endpoints';
import type { BillingCycle, PaidPlanId } from '../../catalog';
import { loadEndpoints } from '../shared/api.effects';
import { systemIds } from '../shared/system-ids';
import * as tokens from './token-storage.effects';
import { forgetDraft } from '../tools/draft';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

type SessionEndpoints = Pick<Endpoints, 'getUser' | 'login' | 'register' | 'logout'>;

export interface SessionDeps {
  endpoints?: SessionEndpoints;
  navigate: (params: NavigateParams) => void;
  storage?: Pick<typeof tokens, 'readToken' | 'storeToken' | 'deleteToken'>;
  /** How long the startup check waits for the server (the machine's `startupTimeout`, 10 s). */
  startupTimeoutMs?: number;
  /** Shorter named delays a test set for the session on this page (src/app/test-hooks.ts). */
  delays?: Record<string, number>;
}

export function sessionLogic({ endpoints, navigate, storage = tokens, startupTimeoutMs, delays = {} }: SessionDeps) {
  // The session's own calls carry the token the machine gives them: it is the one owner of the token.
  const api = async (token: string | null = null) => endpoints ?? loadEndpoints({ getToken: () => token });
  return sessionMachine.provide({
    actors: {
      readToken: fromPromise(async () => storage.readToken()),
      // The time-out leaves the state, which stops this actor and aborts the request.
      loadUser: fromPromise(async ({ input, signal }) => (await api(input.token)).getUser({ signal })),
      login: fromPromise(async ({ input }) => (await api()).login(input)),
      // AUTH-18: the registration carries this browser's claim, so its verify link opened here signs in (the
      // claim's code loads with the call, after the first paint).
      register: fromPromise(async ({ input }) => {
        const { newVerifyClaim } = await import('./verify-claim.effects');
        return (await api()).register({ ...input, claim: newVerifyClaim() });
      }),
      logout: fromPromise(async ({ input }) => (await api(input.token)).logout()),
    },
    delays: {
      ...delays,
      ...(startupTimeoutMs === undefined ? {} : { startupTimeout: startupTimeoutMs }),
    },
    actions: {
      storeToken: (_, params) => storage.storeToken(params.token),
      deleteToken: () => storage.deleteToken(),
      forgetDraft: () => forgetDraft(),
      navigate: (_, params) => navigate(params),
    },
  });
}

/** The 'creditsUpdated' browser event (CREDITS-3): detail {credits} or a bare number. */
export function creditsFromEvent(event: Event): number | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail === 'number' && Number.isFinite(detail)) return detail;
  if (typeof detail === 'object' && detail !== null) {
    const credits = (detail as { credits?: unknown }).credits;
    if (typeof credits === 'number' && Number.isFinite(credits)) return credits;
  }
  return null;
}

/**
 * The one path of a new balance (CREDITS-3): straight to the session of the app's actor system, which every
 * badge and every run reads. An effect that learns a balance (a run's answer, a refund, a checkout) reports it
 * here; the window's 'creditsUpdated' event, a balance announced from outside the app, arrives here too.
 */
export function reportCredits(session: Pick<SessionActor, 'send'>, credits: number): void {
  session.send({ type: 'credits.updated', credits });
}

/** Forwards window 'creditsUpdated' (a balance announced from outside the app) to the session; returns the unsubscribe. */
export function listenForCredits(session: SessionActor, target: EventTarget = window): () => void {
  const onCredits = (event: Event) => {
    const credits = creditsFromEvent(event);
    if (credits !== null) reportCredits(session, credits);
  };
  target.addEventListener('creditsUpdated', onCredits);
  return () => target.removeEventListener('creditsUpdated', onCredits);
}

export type SignInMode = 'login' | 'register';

/** Opens the login dialog (the one guard mechanism, AUTH-7), or its register mode. */
export function requestSignIn(session: SessionActor, mode: SignInMode): void {
  if (mode === 'register') session.send({ type: 'auth.dialog.open', mode: 'register' });
  else session.send({ type: 'auth.required' });
}

export type PurchaseRequest =
  { kind: 'plan'; planId: PaidPlanId; billingCycle: BillingCycle } | { kind: 'pack'; packId: string; credits: number };

/** A signed-in user's purchase goes to `purchase` (the page's checkout); a visitor gets the login dialog. */
export function requestPurchase(
  session: SessionActor,
  request: PurchaseRequest,
  purchase: (request: PurchaseRequest) => void,
): void {
  if (!session.getSnapshot().hasTag('signedIn')) {
    session.send({ type: 'auth.required' });
    return;
  }
  purchase(request);
}

/**
 * Tells a long-lived actor the session's sign-ins and sign-outs: the runs tray (RUNS-11) and the tool
 * pages' runs (RUNS-13) each say how (`tell`, which sends it `session.signedIn` or `session.signedOut`).
 * Those actors start after the session has settled (their views show later), so each is told first where
 * the session stands now, then of every change. `each`, when given, sees every settled snapshot besides
 * (the tool pages' runs take the balance from it).
 */
type System = { get: (id: string) => unknown };
type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

/** What a run or a batch reads of the session: signed in or not, and the balance. */
export const balanceIn = (snapshot: ReturnType<SessionActor['getSnapshot']>) => ({
  signedIn: snapshot.hasTag('signedIn'),
  credits: snapshot.context.user?.credits ?? 0,
});

export const followSession = (
  tell: (system: System, signedIn: boolean) => void,
  each?: (system: System, snapshot: SessionSnapshot) => void,
) =>
  fromCallback(({ system }) => {
    const session = system.get(systemIds.session) as SessionActor;
    let signedIn: boolean | null = null;
    const follow = (snapshot: SessionSnapshot) => {
      if (snapshot.hasTag('loading')) return;
      const now = snapshot.hasTag('signedIn');
      if (now !== signedIn) tell(system, now);
      signedIn = now;
      each?.(system, snapshot);
    };
    follow(session.getSnapshot());
    const sub = session.subscribe(follow);
    return () => sub.unsubscribe();
  });
