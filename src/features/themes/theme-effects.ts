import { fromPromise } from 'xstate';
import { themeStorageKey, type ThemeName } from '../../themes/names';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(themeStorageKey);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): behave as if nothing was saved.
    return null;
  }
}

/** The browser side of machines/theme/theme.machine.ts. */
export const themeEffects = {
  actors: {
    readStoredTheme: fromPromise<string | null>(async () => readStored()),
    // GET/POST /api/users/theme through the shared client (bearer token, error mapping).
    // Loaded with the first call, keeping the client out of the first paint.
    loadRemoteTheme: fromPromise<string | null>(async () => {
      const { endpoints } = await import('../../api/endpoints');
      return (await endpoints.getTheme()).theme;
    }),
    saveRemoteTheme: fromPromise<void, { theme: ThemeName }>(async ({ input }) => {
      const { endpoints } = await import('../../api/endpoints');
      await endpoints.saveTheme(input.theme);
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
