import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from './router-context';

export function makeRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** A one-time notice for the destination page, e.g. 'Account successfully deleted' on /. */
    message?: string;
  }
}
