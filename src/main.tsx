import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import './themes/themes.css';
import { makeRouter } from './app/router';
import { bindNavigation } from './app/session-hooks';
import './app/theme';

const router = makeRouter({});
bindNavigation((to) => void router.navigate({ to }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
