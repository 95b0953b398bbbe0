/**
 * How views reach the actor system: one provider holds the root actor (main.tsx, or a test's);
 * views read the long-lived actors by system id and start short-lived flows with `useFlow`.
 */
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type Actor, type ActorOptions, type ActorRefFrom, type AnyStateMachine } from 'xstate';
import type { sidebarMachine } from '../flows/sidebar/sidebar.machine';
import type { themeMachine } from '../flows/theme/theme.machine';
import type { User } from '../api/schemas';
import { defaultTheme, type ThemeName } from '../themes/names';
import { systemIds } from './app.machine';
import type { AppActor } from './create-app';
import type { Flow } from '../flows/shared/flow.effects';
import type { SessionActor } from '../flows/session/session.effects';
import { inspectOf } from './inspect';
import { flowContext } from './flow-context';

const AppContext = createContext<AppActor | null>(null);

export function AppProvider({ app, children }: { app: AppActor; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

export function useApp(): AppActor {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp() needs an <AppProvider> around the view');
  return app;
}

export function useSession(): SessionActor {
  return useApp().system.get(systemIds.session);
}

export function useSidebar(): ActorRefFrom<typeof sidebarMachine> {
  return useApp().system.get(systemIds.sidebar);
}

export function useTheme(): ActorRefFrom<typeof themeMachine> {
  return useApp().system.get(systemIds.theme);
}

const noSubscription = () => () => {};

/**
 * False while React renders the server's markup (the build's prerender) or hydrates it in the browser,
 * true from then on. What the browser knows and the prerender cannot (who is signed in, the stored
 * theme) must wait for it, or the first client render would not match the prerendered page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Whether the app knows who is there: the startup check has ended (AUTH-1) and the page is hydrated.
 * Until then the parts of a page that depend on the session show placeholders, never a guess.
 */
export function useSessionKnown(): boolean {
  const loading = useSelector(useSession(), (s) => s.hasTag('loading'));
  return useHydrated() && !loading;
}

/** The signed-in user, or null for a visitor and while the session is not known yet. */
export function useCurrentUser(): User | null {
  const user = useSelector(useSession(), (s) => s.context.user);
  return useHydrated() ? user : null;
}

export function useThemeName(): ThemeName {
  const theme = useSelector(useTheme(), (s) => s.context.theme);
  // The prerender draws the default theme; the browser's stored one shows once hydrated.
  return useHydrated() ? theme : defaultTheme;
}

export type { Flow } from '../flows/shared/flow.effects';

/**
 * Starts a short-lived flow for the screen that calls it, with its input; it stops when the
 * screen goes. Unlike useActorRef, React's strict-mode remount does not restart what the flow
 * invoked (a single-use verification link is checked once): the actor is created once per
 * mounted screen and its stop waits a tick, which the remount cancels.
 */
export function useFlow<TLogic extends AnyStateMachine>(
  flow: Flow<TLogic>,
  options?: ActorOptions<TLogic>,
): Actor<TLogic> {
  const app = useContext(AppContext);
  const [actor] = useState(() => {
    // The flow's effects reach the app's system when they run (flow.ts), not now.
    const logic = flow.create(flowContext(app));
    // Input is optional for some flows and required for others; the caller's options say which.
    const create = createActor as (l: TLogic, o?: ActorOptions<TLogic>) => Actor<TLogic>;
    // The app's inspect observer (dropped events, the live view) sees its flows too.
    const inspect = inspectOf(app);
    return create(logic, inspect ? { ...options, inspect } : options);
  });
  const pendingStop = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pendingStop.current);
    actor.start();
    return () => {
      pendingStop.current = setTimeout(() => actor.stop(), 0);
    };
  }, [actor]);
  return actor;
}
