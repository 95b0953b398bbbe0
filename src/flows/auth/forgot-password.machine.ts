/** Forgot password (RESET-1, RESET-2): submit → sending → sent | error. */
import { assign, fromPromise, setup } from 'xstate';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const forgotPasswordMachine = setup({
  types: {
    context: {} as { message: string | null; error: string | null },
    events: {} as { type: 'forgot.submit'; email: string },
  },
  actors: {
    forgotPassword: fromPromise<{ message: string }, { email: string }>(async () => notProvided('forgotPassword')),
  },
  guards: {
    hasEmail: ({ event }) => event.email.trim() !== '',
  },
}).createMachine({
  id: 'forgotPassword',
  description: 'Asking for a password-reset email: submit the address and show what the server says.',
  meta: facts({ sends: ['forgot.submit'] }),
  context: { message: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The email form',
      meta: facts({
        rules: ['RESET-1', 'RESET-2'],
        sees: [
          { role: 'button', name: 'Send Reset Link', state: 'enabled' },
          {
            kind: 'formError',
            says: "the form is ready; after a failed request the red banner shows the server's message",
          },
        ],
      }),
      tags: ['form'],
      on: { 'forgot.submit': { guard: 'hasEmail', target: 'sending', actions: assign({ error: null }) } },
    },
    sending: {
      description: 'Asking the server to send a reset link',
      meta: facts({
        sees: [{ role: 'button', name: 'Sending...', state: 'disabled' }],
        ignores: [{ events: ['forgot.submit'], why: 'A request is in flight: the button is disabled.' }],
      }),
      tags: ['busy'],
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: ({ event }) => ({ email: event.type === 'forgot.submit' ? event.email : '' }),
        onDone: { target: 'sent', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => messageOf(event.error, 'Failed to send reset email. Please try again.'),
          }),
        },
      },
    },
    sent: {
      meta: facts({
        rules: ['RESET-2'],
        sees: [{ kind: 'serverMessage', says: "the page shows the server's message" }],
        ignores: [{ events: ['forgot.submit'], why: 'The confirmation replaces the form.' }],
      }),
      description: 'The server message: a link is on its way',
      tags: ['result'],
      type: 'final',
    },
  },
});
