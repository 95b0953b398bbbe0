/**
 * The build's prerender (scripts/prerender.ts): renders a public page to HTML as a visitor's browser
 * first draws it, before the startup check has ended. The session stays in its loading state, so
 * whatever depends on who is signed in renders as a placeholder, exactly as the browser's first
 * (hydrating) render does; the public content is all there.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from './flows/session/session.machine';
import { systemIds } from './app/app.machine';
import { inertAppLogic } from './app/inert';
import { AppProvider } from './app/provider';
import { makeRouter } from './app/router';

/** The startup check of a page being prerendered never ends: the page is drawn as it looks before. */
const pendingSession = sessionMachine.provide({
  actors: { readToken: fromPromise<string | null>(() => new Promise(() => {})) },
});

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The route ids of the page's matches, root first (the build preloads their code). */
  routeIds: string[];
  /** The router answered a not-found or error page instead. */
  failed: boolean;
}

export async function prerender(path: string): Promise<PrerenderedPage> {
  const app = createActor(inertAppLogic.provide({ actors: { session: pendingSession } }), {
    input: { width: 1280 },
  });
  app.start();
  try {
    const router = makeRouter(
      { session: app.system.get(systemIds.session) },
      createMemoryHistory({ initialEntries: [path] }),
    );
    await router.load();
    const matches = router.stores.matches.get();
    const html = renderToString(
      <StrictMode>
        <AppProvider app={app}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
    return {
      html,
      routeIds: matches.map((m) => m.routeId),
      failed: matches.some((m) => m.status !== 'success' || m._notFound === true),
    };
  } finally {
    app.stop();
  }
}
