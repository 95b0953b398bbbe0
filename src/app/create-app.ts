/**
 * The one place where the app's real effects are given to its actor system (main.tsx calls it).
 * Short-lived flows take theirs through `defineFlow` (src/flows/shared/flow.effects.ts) and `useFlow`.
 */
import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import type { sidebarMachine } from '../flows/sidebar/sidebar.machine';
import { appMachine, systemIds, type AppNavigateParams } from './app.machine';
import { createAppInspect } from './inspect';
import { testDelays } from './test-hooks';
import { listenForCredits, sessionLogic, type SessionDeps } from '../flows/session/session.effects';
import { themeLogic } from '../flows/theme/theme.effects';

export type AppActor = ActorRefFrom<typeof appMachine>;

/**
 * Window events the system listens to: 'creditsUpdated' (a balance announced from outside the app, passed to the
 * session, CREDITS-3), resizes for the sidebar. Tests give their systems the same source.
 */
export const browserEvents = fromCallback(({ system }) => {
  const stopCredits = listenForCredits(system.get(systemIds.session));
  const sidebar: ActorRefFrom<typeof sidebarMachine> = system.get(systemIds.sidebar);
  const onResize = () => sidebar.send({ type: 'viewport.resized', width: window.innerWidth });
  window.addEventListener('resize', onResize);
  return () => {
    stopCredits();
    window.removeEventListener('resize', onResize);
  };
});

export interface AppDeps extends Omit<SessionDeps, 'navigate'> {
  /** The router's client-side navigation. */
  navigate: (params: AppNavigateParams) => void;
  width: number;
}

export function createApp({ navigate, width, ...session }: AppDeps): AppActor {
  const inspect = createAppInspect();
  return createActor(
    appMachine.provide({
      actors: {
        session: sessionLogic({ delays: testDelays('session'), ...session, navigate }),
        theme: themeLogic,
        browserEvents,
      },
      actions: {
        navigate: (_, params) => navigate(params),
        // The runs tray's real machine and effects, which its view's chunk brings (RUNS-7).
        loadRuns: ({ self, event }) => {
          if (event.type === 'app.runs.load') self.send(event.start());
        },
      },
    }),
    { input: { width }, ...(inspect ? { inspect } : {}) },
  );
}
