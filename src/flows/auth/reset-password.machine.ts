/**
 * Reset password (RESET-3 to RESET-8): validate, submit, success message, 1 s pause, automatic
 * login, 1.5 s pause, go to /. A failed automatic login says so and goes to /login after 1.5 s.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export interface ResetPasswordContext {
  token: string;
  newPassword: string;
  email: string | null;
  message: string | null;
  error: string | null;
}

export type ResetPasswordEvent = { type: 'reset.submit'; newPassword: string; confirmPassword: string };

export const MIN_PASSWORD_LENGTH = 6;

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string },
  },
  actors: {
    resetPassword: fromPromise<{ message: string; user: { email: string } }, { token: string; newPassword: string }>(
      async () => notProvided('resetPassword'),
    ),
    login: fromPromise<{ token: string }, { email: string; password: string }>(async () => notProvided('login')),
  },
  actions: {
    /** The seam to the session: the app stores the token and sends the session `auth.token.received`. */
    signIn: (_, _params: { token: string }) => {},
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    passwordsDiffer: ({ event }) => event.newPassword !== event.confirmPassword,
    tooShort: ({ event }) => event.newPassword.length < MIN_PASSWORD_LENGTH,
  },
  delays: {
    /** RESET-6: pause after the success message before logging in. */
    successPause: 1000,
    /** RESET-7, RESET-8: pause after the automatic login (or its failure) before leaving. */
    loginPause: 1500,
  },
}).createMachine({
  id: 'resetPassword',
  description: 'Setting a new password from the emailed link, then signing the person in automatically.',
  meta: facts({ sends: ['reset.submit'] }),
  context: ({ input }) => ({ token: input.token, newPassword: '', email: null, message: null, error: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'New Password and Confirm New Password',
      meta: facts({
        rules: ['RESET-3', 'RESET-4', 'RESET-5'],
        sees: [
          { role: 'button', name: 'Reset Password', state: 'enabled' },
          {
            kind: 'formError',
            says: "the form is ready; after a failed request the red banner shows the server's message",
          },
        ],
      }),
      tags: ['form'],
      on: {
        'reset.submit': [
          {
            guard: 'passwordsDiffer',
            actions: assign({ error: 'Passwords do not match' }),
            meta: facts({ rules: ['RESET-4'] }),
          },
          {
            guard: 'tooShort',
            actions: assign({ error: 'Password must be at least 6 characters long' }),
            meta: facts({ rules: ['RESET-4'] }),
          },
          {
            target: 'submitting',
            actions: assign({ error: null, newPassword: ({ event }) => event.newPassword }),
          },
        ],
      },
    },
    submitting: {
      description: 'Resetting Password...',
      meta: facts({
        rules: ['RESET-3'],
        sees: [{ role: 'button', name: 'Resetting Password...', state: 'disabled' }],
        ignores: [
          {
            events: ['reset.submit'],
            why: 'The token is single-use: once submitted, the form is disabled and then replaced by the outcome.',
          },
        ],
      }),
      tags: ['busy', 'submitting'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, newPassword: context.newPassword }),
        onDone: {
          target: 'success',
          actions: assign({
            message: ({ event }) => event.output.message,
            email: ({ event }) => event.output.user.email,
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            newPassword: '',
            error: ({ event }) => messageOf(event.error, 'An error occurred while resetting password'),
          }),
        },
      },
    },
    success: {
      description: 'The success message, for a one-second pause',
      meta: facts({
        rules: ['RESET-6'],
        sees: [{ kind: 'serverMessage', says: "the page shows the server's message" }],
        ignores: [
          {
            events: ['reset.submit'],
            why: 'The token is single-use: once submitted, the form is disabled and then replaced by the outcome.',
          },
        ],
      }),
      tags: ['busy', 'loggingIn'],
      after: {
        successPause: { target: 'loggingIn', actions: assign({ message: 'Logging you in automatically...' }) },
      },
    },
    loggingIn: {
      description: 'Logging you in automatically... with the new password',
      meta: facts({
        rules: ['RESET-6', 'RESET-7'],
        sees: [
          { text: 'Logging you in automatically...' },
          { role: 'button', name: 'Logging In...', state: 'disabled' },
        ],
        ignores: [
          {
            events: ['reset.submit'],
            why: 'The token is single-use: once submitted, the form is disabled and then replaced by the outcome.',
          },
        ],
      }),
      tags: ['busy', 'loggingIn'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ email: context.email ?? '', password: context.newPassword }),
        onDone: {
          target: 'loggedIn',
          meta: facts({ rules: ['RESET-7'] }),
          actions: [
            { type: 'signIn', params: ({ event }) => ({ token: event.output.token }) },
            assign({ newPassword: '' }),
          ],
        },
        onError: {
          target: 'loginFailed',
          meta: facts({ rules: ['RESET-8'] }),
          actions: assign({ newPassword: '', error: 'Automatic login failed. Please log in manually.' }),
        },
      },
    },
    loggedIn: {
      description: 'Signed in; going home after a short pause',
      meta: facts({
        rules: ['RESET-7'],
        sees: [{ role: 'button', name: 'Logging In...', state: 'disabled' }],
        ignores: [
          {
            events: ['reset.submit'],
            why: 'The token is single-use: once submitted, the form is disabled and then replaced by the outcome.',
          },
        ],
      }),
      tags: ['busy', 'loggingIn'],
      after: { loginPause: { target: 'done', actions: { type: 'navigate', params: { to: '/' } } } },
    },
    loginFailed: {
      description: 'Automatic login failed. Please log in manually.',
      meta: facts({
        rules: ['RESET-8'],
        sees: [{ text: 'Automatic login failed. Please log in manually.' }],
        ignores: [
          {
            events: ['reset.submit'],
            why: 'The token is single-use: once submitted, the form is disabled and then replaced by the outcome.',
          },
        ],
      }),
      tags: ['busy'],
      after: { loginPause: { target: 'done', actions: { type: 'navigate', params: { to: '/login' } } } },
    },
    done: {
      meta: facts({
        sees: [
          { kind: 'leftPage', says: 'the login page after a failed automatic login, else the home page signed in' },
        ],
        ignores: [
          {
            events: ['reset.submit'],
            why: 'The token is single-use: once submitted, the form is disabled and then replaced by the outcome.',
          },
        ],
      }),
      description: 'Left the page',
      type: 'final',
    },
  },
});
