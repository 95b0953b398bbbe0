/**
 * The session: startup authentication, sign in, register, sign out and the credit balance
 * (AUTH-1 to AUTH-6), plus the login dialog that every guarded action opens (AUTH-7).
 */
import { assign, emit, fromPromise, or, setup, stateIn } from 'xstate';
import type { User } from '../../api/schemas';
import { isPaidTier } from '../../catalog/plan-tier';
import { messageOf, notProvided, statusOf } from '../shared/errors';
import { facts } from '../shared/meta';
import {
  reconnectingIgnores,
  sessionSends,
  userRequested,
  balance,
  visitor,
  loggingInButton,
  startupIgnores,
  staleExpiry,
  noRetry,
  signingInIgnores,
  noRegisterNotice,
  formBusy,
} from './session-facts';
import {
  startingContext,
  type NavigateParams,
  type SessionContext,
  type SessionEmitted,
  type SessionEvent,
} from './session.types';

/** AUTH-4: paid plans go home, everybody else to the plan chooser. */
export const destinationAfterLogin = (user: User | null): string =>
  isPaidTier(user?.subscription?.plan) ? '/' : '/subscribe';

/** After deletion the visitor lands on / with the notice of ACCOUNT-5. */
const goHomeDeleted = { type: 'navigate', params: { to: '/', message: 'Account successfully deleted' } } as const;

/** AUTH-6, TOOL-48: signing out deletes the token, forgets the person and the tab's kept draft. */
const signOut = ['deleteToken', 'clearSession', 'forgetDraft'] as const;

/** AUTH-17: sign out after a refused token, then the login dialog to sign in again. */
const expire = ['deleteToken', 'clearSession', { type: 'openDialog', params: { mode: 'login' } }] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    /** Reads the token kept in the browser (AUTH-16: local storage key 'token'). */
    readToken: fromPromise<string | null>(async () => notProvided('readToken')),
    loadUser: fromPromise<User, { token: string }>(async () => notProvided('loadUser')),
    login: fromPromise<{ token: string }, { email: string; password: string }>(async () => notProvided('login')),
    register: fromPromise<{ message: string; email: string }, { email: string; password: string }>(async () =>
      notProvided('register'),
    ),
    logout: fromPromise<unknown, { token: string | null }>(async () => notProvided('logout')),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    deleteToken: () => {},
    /** TOOL-48: a sign-out forgets the tab's kept tool draft (the next person of this tab does not see it). */
    forgetDraft: () => {},
    navigate: (_, _params: NavigateParams) => {},
    assignToken: assign({ token: (_, params: { token: string }) => params.token }),
    clearSession: assign({ token: null, user: null }),
    assignUser: assign({ user: (_, params: { user: User }) => params.user }),
    openDialog: assign({
      dialog: (_, params: { mode: 'login' | 'register' }) => ({ open: true, mode: params.mode }),
      loginError: null,
      registerError: null,
    }),
    closeDialog: assign({ dialog: ({ context }) => ({ open: false, mode: context.dialog.mode }) }),
    updateCredits: assign({
      user: ({ context, event }) =>
        context.user && event.type === 'credits.updated' ? { ...context.user, credits: event.credits } : context.user,
    }),
    takeUpdatedUser: assign({
      user: ({ context, event }) => (event.type === 'user.updated' ? event.user : context.user),
    }),
    clearErrors: assign({ loginError: null, registerError: null, logoutError: null }),
    /** AUTH-13: the server message, else 'Failed to login' (dialog) or 'Login failed' (page). */
    assignLoginError: assign({
      loginError: ({ context }, params: { error: unknown }) =>
        messageOf(params.error, context.source === 'page' ? 'Login failed' : 'Failed to login'),
    }),
  },
  guards: {
    hasToken: (_, params: { token: string | null }) => typeof params.token === 'string' && params.token !== '',
    isSigningIn: stateIn({ loadingUser: 'signingIn' }),
    isAdopting: stateIn({ loadingUser: 'adopting' }),
    passwordsDiffer: ({ event }) => event.type === 'auth.register.submit' && event.password !== event.confirmPassword,
    /** AUTH-2: only the server's refusal of the token (HTTP 401) deletes it. */
    isRefusal: ({ event }) => statusOf((event as { error?: unknown }).error) === 401,
    /** A 401 of a call made with the token the session holds now (not one it replaced). */
    isCurrentToken: ({ context, event }) =>
      event.type === 'auth.expired' && context.token !== null && event.token === context.token,
  },
  delays: {
    /** AUTH-9: the register dialog closes itself after 5 seconds. */
    registerNotice: 5000,
    /** The startup check gives up after 10 s: the app shows the signed-out shell and a Retry. */
    startupTimeout: 10_000,
  },
}).createMachine({
  id: 'session',
  description:
    'Who is using the app: reads the stored token, loads the user, signs in, registers, refreshes and signs out.',
  meta: facts({ sends: sessionSends }),
  context: startingContext,
  initial: 'reading',
  on: {
    // A token that reaches the session in any state replaces the one it had (the automatic login
    // after a reset while another session was signed in): store it, then load its user.
    'auth.token.received': {
      target: '#session.loadingUser.adopting',
      actions: [
        { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
        { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
      ],
    },
    'auth.dialog.open': { actions: { type: 'openDialog', params: ({ event }) => ({ mode: event.mode }) } },
    'auth.dialog.close': { actions: 'closeDialog' },
    'auth.dialog.mode': {
      actions: assign({
        dialog: ({ context, event }) => ({ open: context.dialog.open, mode: event.mode }),
        loginError: null,
        registerError: null,
      }),
    },
  },
  states: {
    reading: {
      description: 'Reading the saved token; the app renders nothing yet',
      tags: ['loading'],
      meta: facts({ rules: ['AUTH-1', 'AUTH-16'], ignores: [startupIgnores] }),
      invoke: {
        id: 'readToken',
        src: 'readToken',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output }) },
            target: 'loadingUser.startup',
            actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output ?? '' }) },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    loadingUser: {
      description: 'Loading the user of the token; why (the child state) decides where to go next',
      initial: 'startup',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            // AUTH-3, AUTH-4: the login closes the dialog and goes where the plan says.
            guard: 'isSigningIn',
            target: 'signedIn',
            actions: [
              { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
              'closeDialog',
              { type: 'navigate', params: ({ event }) => ({ to: destinationAfterLogin(event.output) }) },
            ],
          },
          { target: 'signedIn', actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) } },
        ],
        onError: [
          {
            guard: 'isSigningIn',
            target: 'signedOut',
            actions: [
              'deleteToken',
              'clearSession',
              { type: 'assignLoginError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          // An adopted token that does not load, or one the server refuses at startup (AUTH-2), is deleted.
          { guard: or(['isAdopting', 'isRefusal']), target: 'signedOut', actions: ['deleteToken', 'clearSession'] },
          // Anything else (no answer, a server error) did not refuse the token: keep it and offer Retry.
          { target: 'signedOut.form.unreachable', actions: assign({ user: null }) },
        ],
      },
      states: {
        startup: {
          description: 'The saved token at startup; the app renders nothing yet, for at most startupTimeout',
          tags: ['loading'],
          meta: facts({ rules: ['AUTH-1', 'AUTH-2'], sees: [userRequested], ignores: [startupIgnores] }),
          after: { startupTimeout: { target: '#session.signedOut.form.unreachable' } },
        },
        reconnecting: {
          description: 'Retrying the startup check; the signed-out shell stays shown',
          tags: ['busy', 'retrying'],
          meta: facts({
            sees: [{ role: 'button', name: 'Retrying…', state: 'disabled' }, userRequested],
            ignores: [staleExpiry, noRetry, reconnectingIgnores],
          }),
          after: { startupTimeout: { target: '#session.signedOut.form.unreachable' } },
        },
        signingIn: {
          description: 'Just logged in: loading the user before choosing where to go',
          tags: ['busy', 'loggingIn'],
          meta: facts({
            rules: ['AUTH-3', 'AUTH-4'],
            sees: [userRequested, loggingInButton],
            ignores: [signingInIgnores, staleExpiry, noRetry],
          }),
        },
        adopting: {
          description: 'A token came from another flow (automatic login after a reset)',
          tags: ['busy'],
          meta: facts({ sees: [userRequested], ignores: [signingInIgnores, staleExpiry, noRetry] }),
        },
      },
    },
    signedOut: {
      description: 'A visitor: browses freely; running, buying or subscribing opens the login dialog',
      tags: ['visitor'],
      initial: 'form',
      meta: facts({
        ignores: [
          staleExpiry,
          {
            events: ['auth.logout', 'credits.updated', 'user.refresh', 'user.updated', 'account.deleted'],
            why: 'Nobody is signed in: there is no session to end, no balance or user to update.',
          },
        ],
      }),
      on: {
        'auth.required': { actions: { type: 'openDialog', params: { mode: 'login' } } },
      },
      states: {
        form: {
          description: 'Nothing in flight: the sign-in and register forms can be sent',
          tags: ['form', 'settled'],
          initial: 'idle',
          meta: facts({ sees: [visitor], ignores: [noRegisterNotice] }),
          on: {
            'auth.login.submit': {
              target: 'loggingIn',
              actions: [assign({ source: ({ event }) => event.source }), 'clearErrors'],
            },
            'auth.register.submit': [
              {
                guard: 'passwordsDiffer',
                target: '.idle',
                actions: assign({
                  source: ({ event }) => event.source,
                  registerError: 'Passwords do not match',
                }),
              },
              {
                target: 'registering',
                actions: [assign({ source: ({ event }) => event.source }), 'clearErrors'],
              },
            ],
          },
          states: {
            idle: {
              description: 'Waiting for the visitor to sign in or register',
              meta: facts({ rules: ['AUTH-2', 'AUTH-6', 'AUTH-7', 'AUTH-17'], ignores: [noRetry] }),
            },
            unreachable: {
              description: 'The startup check got no answer: the token is kept, a notice offers Retry',
              tags: ['unreachable'],
              meta: facts({
                sees: [
                  { text: 'The server could not be reached, so you are shown signed out.' },
                  { role: 'button', name: 'Retry', state: 'enabled' },
                ],
              }),
              on: { 'session.retry': { target: '#session.loadingUser.reconnecting' } },
            },
          },
        },
        loggingIn: {
          description: 'Checking the email and password with the server',
          tags: ['busy', 'loggingIn'],
          meta: facts({ rules: ['AUTH-3', 'AUTH-13'], sees: [loggingInButton], ignores: [formBusy, noRetry] }),
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) =>
              event.type === 'auth.login.submit'
                ? { email: event.email, password: event.password }
                : { email: '', password: '' },
            onDone: {
              target: '#session.loadingUser.signingIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                { type: 'assignToken', params: ({ event }) => ({ token: event.output.token }) },
              ],
            },
            onError: {
              target: 'form',
              actions: { type: 'assignLoginError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        registering: {
          description: 'Creating the account',
          tags: ['busy', 'registering'],
          meta: facts({
            rules: ['AUTH-5', 'AUTH-14'],
            sees: [{ role: 'button', name: 'Registering...', state: 'disabled' }],
            ignores: [formBusy, noRetry],
          }),
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) =>
              event.type === 'auth.register.submit'
                ? { email: event.email, password: event.password }
                : { email: '', password: '' },
            onDone: {
              target: 'registered',
              actions: [
                assign({ registerMessage: ({ event }) => event.output.message }),
                'closeDialog',
                { type: 'navigate', params: { to: '/subscribe' } },
              ],
            },
            onError: {
              target: 'form',
              actions: assign({
                registerError: ({ context, event }) =>
                  messageOf(event.error, context.source === 'page' ? 'Registration failed' : 'Failed to register'),
              }),
            },
          },
        },
        registered: {
          description: 'The register dialog shows the success message, then closes itself',
          tags: ['registered', 'form'],
          meta: facts({
            rules: ['AUTH-9'],
            sees: [{ role: 'dialog', name: 'Registration successful' }, { address: '/subscribe' }],
            ignores: [
              noRetry,
              {
                events: ['auth.register.submit', 'auth.login.submit'],
                why: 'The success notice is a modal dialog that replaces the register form and closes the login dialog: no form can be used until it closes, and closing it leaves the state.',
              },
            ],
          }),
          after: { registerNotice: { target: 'form', actions: assign({ registerMessage: null }) } },
          on: {
            'auth.register.dismiss': { target: 'form', actions: assign({ registerMessage: null }) },
          },
        },
      },
    },
    signedIn: {
      description: 'A signed-in user with a credit balance',
      tags: ['signedIn'],
      initial: 'idle',
      meta: facts({
        rules: ['CREDITS-3', 'AUTH-17'],
        sees: [balance],
        ignores: [
          noRetry,
          {
            events: ['auth.required', 'auth.login.submit', 'auth.register.submit', 'auth.register.dismiss'],
            why: 'Signed in: sign-in prompts and forms are not shown.',
          },
        ],
      }),
      on: {
        'credits.updated': { actions: 'updateCredits' },
        'user.updated': { actions: 'takeUpdatedUser' },
        'account.deleted': { target: '#session.signedOut', actions: [...signOut, goHomeDeleted] },
        // AUTH-17: sign out, then the login dialog: a call was refused with the token of this session.
        'auth.expired': { guard: 'isCurrentToken', target: '#session.signedOut', actions: expire },
      },
      states: {
        idle: {
          description: 'Nothing in flight',
          tags: ['settled'],
          on: {
            'user.refresh': { target: 'refreshing' },
            'auth.logout': { target: 'loggingOut', actions: assign({ logoutError: null }) },
          },
        },
        refreshing: {
          description: 'Reloading the user (balance, plan); the user stays shown',
          tags: ['refreshing'],
          meta: facts({
            sees: [userRequested],
            ignores: [
              {
                events: ['auth.logout', 'user.refresh'],
                why: 'The user is reloading: a second refresh would repeat it, and Logout is disabled until it ends.',
              },
            ],
          }),
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: [
              // The server refused the token of a signed-in user: the session expired (AUTH-17).
              { guard: 'isRefusal', target: '#session.signedOut', actions: expire },
              // A failed refresh keeps the user as it was; the next refresh may succeed.
              { target: 'idle' },
            ],
          },
        },
        loggingOut: {
          description: 'Revoking the token on the server',
          tags: ['busy'],
          meta: facts({
            rules: ['AUTH-6', 'ACCOUNT-8', 'TOOL-48'],
            sees: [{ role: 'button', name: 'Logout', state: 'disabled' }],
            ignores: [
              {
                events: ['auth.logout', 'user.refresh'],
                why: 'Signing out already: a second logout or a refresh of the leaving user changes nothing.',
              },
            ],
          }),
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              target: '#session.signedOut',
              // Whoever asked to log out listens for this (the settings page goes home).
              actions: [...signOut, emit({ type: 'session.loggedOut' })],
            },
            onError: [
              // The server no longer knows the token: the session is over either way.
              {
                guard: 'isRefusal',
                target: '#session.signedOut',
                actions: [...signOut, emit({ type: 'session.loggedOut' })],
              },
              {
                target: 'idle',
                actions: assign({ logoutError: 'Failed to logout. Please try again.' }),
              },
            ],
          },
        },
      },
    },
  },
});

/*
 * The session's tags, for whoever must not name its states: 'loading' (nothing rendered yet), 'visitor'
 * (signed out), 'signedIn', 'busy' (a request in flight), 'settled' (nothing in flight and no notice
 * open: the reset page may hand its token over), 'registered' (the registration notice is open),
 * 'loggingIn', 'registering', 'retrying', 'refreshing' (a signed-in user reloads), 'unreachable', 'form'.
 */

/**
 * What the views ask of the session, by tag (a state's name stays in this file): Retry was pressed
 * on the notice that the server could not be reached, and its check is under way.
 */
export const isRetrying = (snapshot: { hasTag: (tag: 'retrying') => boolean }): boolean => snapshot.hasTag('retrying');
