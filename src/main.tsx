import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import './themes/themes.css';
import { systemIds } from './app/app.machine';
import { createApp } from './app/create-app';
import { AppProvider } from './app/provider';
import { makeRouter } from './app/router';

// One actor system with the real effects. Navigation goes through the router, which is made with
// the session in its context: the effect only runs once both exist.
const app = createApp({
  width: window.innerWidth,
  navigate: ({ to, message }) => void router.navigate({ to, ...(message ? { state: { message } } : {}) }),
});
const router = makeRouter({ session: app.system.get(systemIds.session) });
app.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider app={app}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
