/** The theme machine's real effects: localStorage, <html data-theme>, GET/POST /api/users/theme. */
import { fromPromise } from 'xstate';
import { themeMachine } from './theme.machine';
import { themeStorageKey } from '../../themes/names';
import { loadEndpoints, sessionCredentials } from '../shared/api.effects';

/**
 * The saved theme. A storage the browser blocks (private modes, sandboxed frames) throws here: the theme
 * machine's starting state then keeps the default (its onError), in the statechart rather than hidden here.
 */
function readStored(): string | null {
  return window.localStorage.getItem(themeStorageKey);
}

export const themeLogic = themeMachine.provide({
  actors: {
    readStoredTheme: fromPromise(async () => readStored()),
    // The session's token, read when the call is made; a 401 here expires the session too.
    loadRemoteTheme: fromPromise(
      async ({ system }) => (await (await loadEndpoints(sessionCredentials(system))).getTheme()).theme,
    ),
    saveRemoteTheme: fromPromise(async ({ input, system }) => {
      await (await loadEndpoints(sessionCredentials(system))).saveTheme(input.theme);
    }),
  },
  actions: {
    applyTheme: (_, params) => {
      document.documentElement.dataset.theme = params.theme;
    },
    storeTheme: (_, params) => {
      try {
        window.localStorage.setItem(themeStorageKey, params.theme);
      } catch {
        // Not persisted, but still applied for this visit.
      }
    },
    logThemeError: (_, params) => console.error('The theme could not be read or saved', params.error),
  },
});
