import { assign, fromPromise, setup } from 'xstate';
import { defaultTheme, isThemeName, type ThemeName } from '../../themes/names';
import { notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export interface ThemeContext {
  theme: ThemeName;
}

export type ThemeEvent =
  { type: 'theme.select'; theme: string } | { type: 'session.signedIn' } | { type: 'session.signedOut' };

/**
 * Theme choice (THEME-1 to THEME-5): the stored choice (default dark), the server's saved theme when signed in,
 * a new choice applied at once, stored locally and, when signed in, sent to the server. Failures are logged.
 */
export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
  },
  actors: {
    /** Reads the browser's stored choice; the app provides localStorage. */
    readStoredTheme: fromPromise<string | null>(async () => notProvided('readStoredTheme')),
    /** GET /api/users/theme; the app provides it. */
    loadRemoteTheme: fromPromise<string | null>(async () => notProvided('loadRemoteTheme')),
    /** POST /api/users/theme; the app provides it. */
    saveRemoteTheme: fromPromise<void, { theme: ThemeName }>(async () => notProvided('saveRemoteTheme')),
  },
  actions: {
    /** Puts the theme on the page (the app sets <html data-theme>). */
    applyTheme: (_, _params: { theme: ThemeName }) => {},
    /** Saves the theme in the browser (the app writes localStorage 'theme'). */
    storeTheme: (_, _params: { theme: ThemeName }) => {},
    /** Theme load and save failures are only logged (THEME-5). */
    logThemeError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isKnownTheme: (_, params: { theme: unknown }) => isThemeName(params.theme),
  },
}).createMachine({
  id: 'theme',
  description: "The colour theme: the stored choice at start, the person's selection, kept per account when signed in.",
  meta: facts({ sends: ['theme.select', 'session.signedIn', 'session.signedOut'] }),
  context: { theme: defaultTheme },
  initial: 'starting',
  states: {
    starting: {
      // The app reads it in its first tick (src/flows/theme/theme.effects.ts), before the session can sign in, which
      // needs the server's answer (tests/unit/theme-startup.test.ts); a visitor's session settles here
      // and changes nothing, so the session's events are ignored here (on its states, src/flows/shared/meta.ts).
      description: 'Reading the theme saved in this browser (default dark if missing or unknown).',
      meta: facts({
        rules: ['THEME-1'],
        ignores: [
          { events: ['theme.select'], why: 'The stored theme is being applied before any view renders.' },
          {
            events: ['session.signedIn', 'session.signedOut'],
            why: "Read in the app's first tick: a visitor's session settles meanwhile (the theme starts as a visitor's anyway), and a sign-in needs the server's answer, which comes after (tests/unit/theme-startup.test.ts).",
          },
        ],
      }),
      invoke: {
        src: 'readStoredTheme',
        onDone: [
          {
            guard: { type: 'isKnownTheme', params: ({ event }) => ({ theme: event.output }) },
            actions: [
              assign({ theme: ({ event }) => event.output as ThemeName }),
              { type: 'applyTheme', params: ({ event }) => ({ theme: event.output as ThemeName }) },
            ],
            target: 'local',
          },
          {
            actions: { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
            target: 'local',
          },
        ],
        onError: {
          actions: [
            { type: 'logThemeError', params: ({ event }) => ({ error: event.error }) },
            { type: 'applyTheme', params: ({ context }) => ({ theme: context.theme }) },
          ],
          target: 'local',
        },
      },
    },
    local: {
      description: 'Visitor: a choice is applied at once and saved in this browser only.',
      meta: facts({
        rules: ['THEME-3', 'THEME-4'],
        sees: [{ kind: 'theme', says: 'the page wears the chosen theme' }],
        ignores: [{ events: ['session.signedOut'], why: 'Already following the stored theme of a visitor.' }],
      }),
      on: {
        'theme.select': {
          guard: { type: 'isKnownTheme', params: ({ event }) => ({ theme: event.theme }) },
          actions: [
            assign({ theme: ({ event }) => event.theme as ThemeName }),
            { type: 'applyTheme', params: ({ event }) => ({ theme: event.theme as ThemeName }) },
            { type: 'storeTheme', params: ({ event }) => ({ theme: event.theme as ThemeName }) },
          ],
        },
        'session.signedIn': { target: 'remote' },
      },
    },
    remote: {
      description: 'Signed in: the server keeps the choice too.',
      meta: facts({
        sees: [{ kind: 'theme', says: 'the page wears the chosen theme' }],
        ignores: [{ events: ['session.signedIn'], why: "Already following the signed-in user's theme." }],
      }),
      initial: 'loading',
      on: {
        'session.signedOut': { target: 'local' },
        'theme.select': {
          guard: { type: 'isKnownTheme', params: ({ event }) => ({ theme: event.theme }) },
          target: '.saving',
          reenter: true,
          actions: [
            assign({ theme: ({ event }) => event.theme as ThemeName }),
            { type: 'applyTheme', params: ({ event }) => ({ theme: event.theme as ThemeName }) },
            { type: 'storeTheme', params: ({ event }) => ({ theme: event.theme as ThemeName }) },
          ],
        },
      },
      states: {
        loading: {
          description: "Loading the server's saved theme; a known one replaces the local choice.",
          meta: facts({
            rules: ['THEME-2', 'THEME-5'],
            sees: [{ kind: 'read', says: "the app asks the server for the user's saved theme" }],
          }),
          invoke: {
            src: 'loadRemoteTheme',
            onDone: [
              {
                guard: { type: 'isKnownTheme', params: ({ event }) => ({ theme: event.output }) },
                meta: facts({ rules: ['THEME-2'] }),
                actions: [
                  assign({ theme: ({ event }) => event.output as ThemeName }),
                  { type: 'applyTheme', params: ({ event }) => ({ theme: event.output as ThemeName }) },
                  { type: 'storeTheme', params: ({ event }) => ({ theme: event.output as ThemeName }) },
                ],
                target: 'synced',
              },
              { target: 'synced' },
            ],
            onError: {
              actions: { type: 'logThemeError', params: ({ event }) => ({ error: event.error }) },
              target: 'synced',
            },
          },
        },
        synced: {
          description: 'The applied theme is the saved one.',
          meta: facts({ sees: [{ kind: 'stored', says: 'this browser keeps the theme shown' }] }),
        },
        saving: {
          description: 'Sending the new choice to the server; a failure is only logged and the theme stays applied.',
          meta: facts({
            rules: ['THEME-3', 'THEME-5'],
            sees: [
              { kind: 'sent', says: 'the choice is sent to the server' },
              { kind: 'stored', says: 'this browser keeps the theme shown' },
            ],
          }),
          invoke: {
            src: 'saveRemoteTheme',
            input: ({ context }) => ({ theme: context.theme }),
            onDone: { target: 'synced' },
            onError: {
              actions: { type: 'logThemeError', params: ({ event }) => ({ error: event.error }) },
              target: 'synced',
            },
          },
        },
      },
    },
  },
});
