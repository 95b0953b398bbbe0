/**
 * The one place where the app's real effects are given to its actor system (main.tsx calls it).
 * Short-lived flows take theirs from flows.ts and checkout.ts, beside this file.
 */
import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import type { NavigateParams } from '../../machines/session/session.types';
import type { sidebarMachine } from '../../machines/sidebar/sidebar.machine';
import { appMachine, systemIds } from './app.machine';
import { appInspect } from './inspect';
import { listenForCredits, sessionLogic, type SessionDeps } from './session';
import { themeLogic } from './theme';

export type AppActor = ActorRefFrom<typeof appMachine>;

/** Window events the system listens to: credits from other tabs' code, resizes for the sidebar. */
const browserEvents = fromCallback(({ system }) => {
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
  navigate: (params: NavigateParams) => void;
  width: number;
}

export function createApp({ navigate, width, ...session }: AppDeps): AppActor {
  return createActor(
    appMachine.provide({
      actors: { session: sessionLogic({ ...session, navigate }), theme: themeLogic, browserEvents },
      actions: { navigate: (_, params) => navigate(params) },
    }),
    { input: { width }, ...(appInspect ? { inspect: appInspect } : {}) },
  );
}
