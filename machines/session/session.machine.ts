/**
 * The session: startup authentication, sign in, register, sign out and the credit balance
 * (spec §4), plus the login dialog that every guarded action opens (spec §1, §5).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../../src/api/schemas';
import { isPaidTier } from '../../src/catalog/plans';
import { messageOf, notProvided } from '../shared/errors';
import type { NavigateParams, SessionContext, SessionEvent } from './session.types';

/** Spec §4 Sign in: paid plans go home, everybody else to the plan chooser. */
export function destinationAfterLogin(user: User | null): string {
  return isPaidTier(user?.subscription?.plan) ? '/' : '/subscribe';
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Reads the token kept in the browser (spec §6: local storage key 'token'). */
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
    navigate: (_, _params: NavigateParams) => {},
    runLogoutCallback: (_, _params: { callback: (() => void) | null }) => {},
    assignToken: assign({ token: (_, params: { token: string }) => params.token }),
    clearSession: assign({ token: null, user: null }),
    assignUser: assign({ user: (_, params: { user: User }) => params.user }),
    openDialog: assign({
      dialog: (_, params: { mode: 'login' | 'register' }) => ({ open: true, mode: params.mode }),
      loginError: null,
      registerError: null,
    }),
    closeDialog: assign({ dialog: ({ context }) => ({ open: false, mode: context.dialog.mode }) }),
    clearErrors: assign({ loginError: null, registerError: null, logoutError: null }),
    /** Spec §8: the server message, else 'Failed to login' (dialog) or 'Login failed' (page). */
    assignLoginError: assign({
      loginError: ({ context }, params: { error: unknown }) =>
        messageOf(params.error, context.source === 'page' ? 'Login failed' : 'Failed to login'),
    }),
  },
  guards: {
    hasToken: (_, params: { token: string | null }) => typeof params.token === 'string' && params.token !== '',
    passwordsDiffer: ({ event }) => event.type === 'auth.register.submit' && event.password !== event.confirmPassword,
  },
  delays: {
    /** Spec §2 and §9: the register dialog closes itself after 5 seconds. */
    registerNotice: 5000,
  },
}).createMachine({
  id: 'session',
  context: {
    token: null,
    user: null,
    dialog: { open: false, mode: 'login' },
    source: 'dialog',
    loginError: null,
    registerError: null,
    registerMessage: null,
    logoutError: null,
    logoutCallback: null,
  },
  initial: 'reading',
  on: {
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
      invoke: {
        id: 'readToken',
        src: 'readToken',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output }) },
            target: 'checking',
            actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output ?? '' }) },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    checking: {
      description: 'Loading the user of the saved token; the app renders nothing yet',
      tags: ['loading'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'signedOut', actions: ['deleteToken', 'clearSession'] },
      },
    },
    signedOut: {
      description: 'A visitor: browses freely; running, buying or subscribing opens the login dialog',
      initial: 'idle',
      on: {
        'auth.required': { actions: { type: 'openDialog', params: { mode: 'login' } } },
        'auth.token.received': {
          target: '.adopting',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
      },
      states: {
        idle: {
          description: 'Waiting for the visitor to sign in or register',
          tags: ['form'],
          on: {
            'auth.login.submit': {
              target: 'loggingIn',
              actions: [assign({ source: ({ event }) => event.source }), 'clearErrors'],
            },
            'auth.register.submit': [
              {
                guard: 'passwordsDiffer',
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
        },
        loggingIn: {
          description: 'Checking the email and password with the server',
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) =>
              event.type === 'auth.login.submit'
                ? { email: event.email, password: event.password }
                : { email: '', password: '' },
            onDone: {
              target: 'loadingUser',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                { type: 'assignToken', params: ({ event }) => ({ token: event.output.token }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'assignLoginError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadingUser: {
          description: 'Signed in: loading the user before choosing where to go',
          tags: ['busy'],
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: '#session.signedIn',
              actions: [
                { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                'closeDialog',
                { type: 'navigate', params: ({ event }) => ({ to: destinationAfterLogin(event.output) }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                'deleteToken',
                'clearSession',
                { type: 'assignLoginError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        adopting: {
          description: 'A token came from another flow (automatic login after a reset): loading its user',
          tags: ['busy'],
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: '#session.signedIn',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: { target: 'idle', actions: ['deleteToken', 'clearSession'] },
          },
        },
        registering: {
          description: 'Creating the account',
          tags: ['busy'],
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
              target: 'idle',
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
          after: { registerNotice: { target: 'idle', actions: assign({ registerMessage: null }) } },
          on: {
            'auth.register.dismiss': { target: 'idle', actions: assign({ registerMessage: null }) },
            'auth.login.submit': {
              target: 'loggingIn',
              actions: [assign({ source: ({ event }) => event.source, registerMessage: null }), 'clearErrors'],
            },
          },
        },
      },
    },
    signedIn: {
      description: 'A signed-in user with a credit balance',
      initial: 'idle',
      on: {
        'credits.updated': {
          actions: assign({
            user: ({ context, event }) => (context.user ? { ...context.user, credits: event.credits } : null),
          }),
        },
        'user.updated': { actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) } },
        'account.deleted': {
          target: 'signedOut',
          actions: [
            'deleteToken',
            'clearSession',
            { type: 'navigate', params: { to: '/', message: 'Account successfully deleted' } },
          ],
        },
      },
      states: {
        idle: {
          description: 'Nothing in flight',
          on: {
            'user.refresh': { target: 'refreshing' },
            'auth.logout': {
              target: 'loggingOut',
              actions: assign({ logoutCallback: ({ event }) => event.callback ?? null, logoutError: null }),
            },
          },
        },
        refreshing: {
          description: 'Reloading the user (balance, plan) from the server',
          invoke: {
            id: 'loadUser',
            src: 'loadUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            },
            // A failed refresh keeps the user as it was; the next refresh may succeed.
            onError: { target: 'idle' },
          },
        },
        loggingOut: {
          description: 'Revoking the token on the server',
          tags: ['busy'],
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              target: '#session.signedOut',
              actions: [
                'deleteToken',
                'clearSession',
                { type: 'runLogoutCallback', params: ({ context }) => ({ callback: context.logoutCallback }) },
                assign({ logoutCallback: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ logoutError: 'Failed to logout. Please try again.', logoutCallback: null }),
            },
          },
        },
      },
    },
  },
});
