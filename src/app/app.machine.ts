/**
 * The root actor: one actor system for the app's long-lived actors. It invokes the session, the
 * theme and the sidebar under system ids, so any actor reaches them with `system.get('session')`
 * and any view with `useSession()` (provider.tsx). Its defaults are the machines' own (effects
 * that throw 'not provided'); create-app.ts provides the real effects, tests and the flows viewer
 * inert or fake ones (inert.ts), the same way: `appMachine.provide({ actors, actions })`.
 */
import { fromCallback, setup } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import type { NavigateParams } from '../../machines/session/session.types';
import { sidebarMachine } from '../../machines/sidebar/sidebar.machine';
import { themeMachine } from '../../machines/theme/theme.machine';
import { notProvided } from '../../machines/shared/errors';
import type { SessionActor } from './session';

/** The system ids of the long-lived actors. */
export const systemIds = { session: 'session', theme: 'theme', sidebar: 'sidebar' } as const;

export interface AppInput {
  /** The first viewport width (the sidebar chooses desktop or drawer from it). */
  width: number;
}

/** A navigation a flow asks for: the session's kind, or one that replaces the address (no new history entry). */
export interface AppNavigateParams extends NavigateParams {
  replace?: boolean;
}

export type AppEvent = { type: 'app.navigate' } & AppNavigateParams;

type ThemeTarget = { send: (event: { type: 'session.signedIn' } | { type: 'session.signedOut' }) => void };

/** The theme follows the session: its server theme is loaded and saved only when signed in. */
export function forwardSessionToTheme(session: SessionActor, theme: ThemeTarget): () => void {
  let signedIn: boolean | null = null;
  const sub = session.subscribe((snapshot) => {
    if (snapshot.hasTag('loading')) return;
    const now = snapshot.hasTag('signedIn');
    if (now !== signedIn) {
      signedIn = now;
      theme.send({ type: now ? 'session.signedIn' : 'session.signedOut' });
    }
  });
  return () => sub.unsubscribe();
}

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
    events: {} as AppEvent,
  },
  actors: {
    session: sessionMachine,
    theme: themeMachine,
    sidebar: sidebarMachine,
    /** Wiring inside the system (not an effect): the same in the app, the tests and the viewer. */
    sessionToTheme: fromCallback(({ system }) =>
      forwardSessionToTheme(system.get(systemIds.session), system.get(systemIds.theme)),
    ),
    /**
     * Sources of outside events: window 'creditsUpdated' → session, resize → sidebar. The app
     * provides the browser's; without them the system hears nothing from outside.
     */
    browserEvents: fromCallback(() => {}),
  },
  actions: {
    /** Client-side navigation (the router); flows ask for it with `app.navigate`. */
    navigate: (_, _params: AppNavigateParams) => notProvided('navigate'),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { id: systemIds.session, systemId: systemIds.session, src: 'session' },
    { id: systemIds.theme, systemId: systemIds.theme, src: 'theme' },
    {
      id: systemIds.sidebar,
      systemId: systemIds.sidebar,
      src: 'sidebar',
      input: ({ context }) => ({ width: context.width }),
    },
    { id: 'sessionToTheme', src: 'sessionToTheme' },
    { id: 'browserEvents', src: 'browserEvents' },
  ],
  on: {
    'app.navigate': {
      actions: {
        type: 'navigate',
        params: ({ event }) => ({
          to: event.to,
          ...(event.message ? { message: event.message } : {}),
          ...(event.replace ? { replace: true } : {}),
        }),
      },
    },
  },
});
