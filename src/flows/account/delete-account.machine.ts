/** Delete account (ACCOUNT-5, ACCOUNT-6): confirm, call, then the app clears the session and goes to /. */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.';

export const deleteAccountMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'account.delete' } | { type: 'account.delete.confirm' } | { type: 'account.delete.cancel' },
  },
  actors: {
    deleteAccount: fromPromise<unknown>(async () => notProvided('deleteAccount')),
  },
  actions: {
    /** The app sends the session `account.deleted`: token cleared, logged out, / with the notice. */
    accountDeleted: () => {},
  },
}).createMachine({
  id: 'deleteAccount',
  description: 'Deleting the account: ask to confirm, delete at the server, then sign the person out.',
  meta: facts({ sends: ['account.delete', 'account.delete.cancel', 'account.delete.confirm'] }),
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Danger Zone with a Delete Account button',
      meta: facts({
        sees: [
          { role: 'button', name: 'Delete Account', state: 'enabled' },
          { kind: 'noConfirmation', says: 'no confirmation is open' },
          { kind: 'error', says: "after a failed request, the server's message in the red banner" },
        ],
        ignores: [
          { events: ['account.delete.cancel', 'account.delete.confirm'], why: 'The confirmation is not open.' },
        ],
      }),
      on: { 'account.delete': { target: 'confirming', actions: assign({ error: null }) } },
    },
    confirming: {
      description: DELETE_CONFIRMATION,
      tags: ['confirming'],
      meta: facts({
        rules: ['ACCOUNT-5'],
        sees: [{ role: 'alertdialog', name: 'Delete Account' }],
        ignores: [{ events: ['account.delete'], why: 'The confirmation is already open.' }],
      }),
      on: {
        'account.delete.confirm': { target: 'deleting' },
        'account.delete.cancel': { target: 'idle' },
      },
    },
    deleting: {
      description: 'Deleting the account on the server',
      meta: facts({
        rules: ['ACCOUNT-5', 'ACCOUNT-6'],
        sees: [{ role: 'button', name: 'Deleting...', state: 'disabled' }],
        ignores: [
          {
            events: ['account.delete', 'account.delete.cancel', 'account.delete.confirm'],
            why: 'The deletion is under way or done: the buttons are disabled and the user is signed out.',
          },
        ],
      }),
      tags: ['busy'],
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: { target: 'deleted', actions: 'accountDeleted' },
        onError: { target: 'idle', actions: assign({ error: 'Failed to delete account. Please try again.' }) },
      },
    },
    deleted: {
      meta: facts({
        rules: ['ACCOUNT-5'],
        sees: [{ address: '/' }, { role: 'button', name: 'Sign In' }],
        ignores: [
          {
            events: ['account.delete', 'account.delete.cancel', 'account.delete.confirm'],
            why: 'The deletion is under way or done: the buttons are disabled and the user is signed out.',
          },
        ],
      }),
      description: 'The account is gone',
      type: 'final',
    },
  },
});
