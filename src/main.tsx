import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import './themes/themes.css';
import { makeRouter } from './app/router';
import { createSession, forwardSessionToTheme, listenForCredits } from './app/session';
import { bindNavigation, bindPurchase, bindSession } from './app/session-hooks';
import { themeActor } from './app/theme';

// The session navigates through the router, which is made with the session in its context.
const session = createSession({
  navigate: ({ to, message }) => void router.navigate({ to, ...(message ? { state: { message } } : {}) }),
});
const router = makeRouter({ session });
bindSession(session);
bindNavigation((to) => void router.navigate({ to }));
// Checkout code loads with the first purchase, not with the first paint of /.
bindPurchase((request) => void import('./app/checkout').then(({ purchase }) => purchase(request)));
listenForCredits(session);
forwardSessionToTheme(session, themeActor);
session.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
