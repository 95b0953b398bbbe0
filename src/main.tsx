import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import './themes/themes.css';
import { systemIds } from './app/app.machine';
import { createApp } from './app/create-app';
import { reportHydrationError } from './app/hydration-report';
import { AppProvider } from './app/provider';
import { makeRouter, navigateWith } from './app/router';

// One actor system with the real effects. Navigation goes through the router, which is made with
// the session in its context: the effect only runs once both exist.
const app = createApp({
  width: window.innerWidth,
  navigate: (params) => navigateWith(router)(params),
});
const router = makeRouter({ session: app.system.get(systemIds.session) });
app.start();

const container = document.getElementById('root')!;
const tree = (
  <StrictMode>
    <AppProvider app={app}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);

if (container.firstElementChild) {
  // The build prerendered this page (scripts/prerender.ts): its public content is already painted. Load the
  // route's code first, then hydrate with the same tree the prerender drew, rendered the way the server
  // renders it (no Suspense around the matches), so React adopts the markup instead of replacing it.
  router.ssr = { manifest: undefined };
  void router.load().then(() => hydrateRoot(container, tree, { onRecoverableError: reportHydrationError }));
} else {
  createRoot(container).render(tree);
}
