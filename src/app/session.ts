/**
 * The app's session actor with its real effects: the API (endpoints.ts), the token storage and
 * the router's navigation. It goes in the router context and is bound for session-hooks.ts.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import type { NavigateParams } from '../../machines/session/session.types';
import type { Endpoints } from '../api/endpoints';
import * as tokens from './token-storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

type SessionEndpoints = Pick<Endpoints, 'getUser' | 'login' | 'register' | 'logout'>;

export interface SessionDeps {
  endpoints?: SessionEndpoints;
  navigate: (params: NavigateParams) => void;
  storage?: Pick<typeof tokens, 'readToken' | 'storeToken' | 'deleteToken'>;
}

// The API client (ofetch, valibot schemas) loads with the first call, not with the first paint.
const lazyEndpoints = async (): Promise<SessionEndpoints> => (await import('../api/endpoints')).endpoints;

export function sessionLogic({ endpoints, navigate, storage = tokens }: SessionDeps) {
  const api = async () => endpoints ?? lazyEndpoints();
  return sessionMachine.provide({
    actors: {
      readToken: fromPromise(async () => storage.readToken()),
      // The client sends the stored token; the machine stores it before loading the user.
      loadUser: fromPromise(async () => (await api()).getUser()),
      login: fromPromise(async ({ input }) => (await api()).login(input)),
      register: fromPromise(async ({ input }) => (await api()).register(input)),
      logout: fromPromise(async () => (await api()).logout()),
    },
    actions: {
      storeToken: (_, params) => storage.storeToken(params.token),
      deleteToken: () => storage.deleteToken(),
      navigate: (_, params) => navigate(params),
      runLogoutCallback: (_, params) => params.callback?.(),
    },
  });
}

export function createSession(deps: SessionDeps): SessionActor {
  return createActor(sessionLogic(deps));
}

/** The 'creditsUpdated' browser event (spec §4 Credits): detail {credits} or a bare number. */
export function creditsFromEvent(event: Event): number | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail === 'number' && Number.isFinite(detail)) return detail;
  if (typeof detail === 'object' && detail !== null) {
    const credits = (detail as { credits?: unknown }).credits;
    if (typeof credits === 'number' && Number.isFinite(credits)) return credits;
  }
  return null;
}

/** Forwards window 'creditsUpdated' to the session; returns the unsubscribe. */
export function listenForCredits(session: SessionActor, target: EventTarget = window): () => void {
  const onCredits = (event: Event) => {
    const credits = creditsFromEvent(event);
    if (credits !== null) session.send({ type: 'credits.updated', credits });
  };
  target.addEventListener('creditsUpdated', onCredits);
  return () => target.removeEventListener('creditsUpdated', onCredits);
}

/** The theme machine follows the session: its server theme is loaded and saved only when signed in. */
export function forwardSessionToTheme(
  session: SessionActor,
  theme: { send: (event: { type: 'session.signedIn' } | { type: 'session.signedOut' }) => void },
): () => void {
  let signedIn: boolean | null = null;
  const sub = session.subscribe((snapshot) => {
    if (snapshot.hasTag('loading')) return;
    const now = snapshot.matches('signedIn');
    if (now !== signedIn) {
      signedIn = now;
      theme.send({ type: now ? 'session.signedIn' : 'session.signedOut' });
    }
  });
  return () => sub.unsubscribe();
}
