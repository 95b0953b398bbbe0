import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { ThemeAnswer } from '../../api/schemas';
import { themeStorageKey, type ThemeName } from '../../themes/names';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(themeStorageKey);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): behave as if nothing was saved.
    return null;
  }
}

function authHeaders(): Record<string, string> {
  const token = window.localStorage.getItem('token');
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The browser side of machines/theme/theme.machine.ts. */
export const themeEffects = {
  actors: {
    readStoredTheme: fromPromise<string | null>(async () => readStored()),
    loadRemoteTheme: fromPromise<string | null>(async () => {
      const res = await fetch('/api/users/theme', { headers: authHeaders(), credentials: 'include' });
      if (!res.ok) throw new Error(`GET /api/users/theme answered ${res.status}`);
      return v.parse(ThemeAnswer, await res.json()).theme;
    }),
    saveRemoteTheme: fromPromise<void, { theme: ThemeName }>(async ({ input }) => {
      const res = await fetch('/api/users/theme', {
        method: 'POST',
        body: JSON.stringify({ theme: input.theme }),
        headers: { 'Content-Type': 'application/json', ...authHeaders() },
        credentials: 'include',
      });
      if (!res.ok) throw new Error(`POST /api/users/theme answered ${res.status}`);
    }),
  },
  actions: {
    applyTheme: (_: unknown, params: { theme: ThemeName }) => {
      document.documentElement.dataset.theme = params.theme;
    },
    storeTheme: (_: unknown, params: { theme: ThemeName }) => {
      try {
        window.localStorage.setItem(themeStorageKey, params.theme);
      } catch {
        // Not persisted, but still applied for this visit.
      }
    },
    logThemeError: (_: unknown, params: { error: unknown }) => {
      console.error('Theme sync failed', params.error);
    },
  },
};
