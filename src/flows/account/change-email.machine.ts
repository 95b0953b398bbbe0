/** Change email (ACCOUNT-2): new email and current password → 'Email updated successfully'. */
import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../../api/schemas';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export const changeEmailMachine = setup({
  types: {
    context: {} as { error: string | null; success: string | null },
    events: {} as
      | { type: 'email.open' }
      | { type: 'email.cancel' }
      | { type: 'email.submit'; newEmail: string; currentPassword: string },
  },
  actors: {
    changeEmail: fromPromise<{ message: string; user: User }, { newEmail: string; currentPassword: string }>(async () =>
      notProvided('changeEmail'),
    ),
  },
  actions: {
    /** The app forwards the updated user to the session (`user.updated`). */
    userUpdated: (_, _params: { user: User }) => {},
  },
}).createMachine({
  id: 'changeEmail',
  description: "Changing the account's email: open the form, submit the new address, show the server's answer.",
  meta: facts({ sends: ['email.open', 'email.cancel', 'email.submit'] }),
  context: { error: null, success: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'Shows the email and a Change Email button',
      meta: facts({
        sees: [
          { role: 'button', name: 'Change Email' },
          { kind: 'success', says: "after a save, the server's message" },
        ],
        ignores: [{ events: ['email.cancel', 'email.submit'], why: 'The form is not shown.' }],
      }),
      on: { 'email.open': { target: 'editing', actions: assign({ error: null, success: null }) } },
    },
    editing: {
      description: 'New email and current password',
      meta: facts({
        rules: ['ACCOUNT-2'],
        sees: [
          { role: 'button', name: 'Update Email', state: 'enabled' },
          { kind: 'error', says: "after a failed request, the server's message in the red banner" },
        ],
        ignores: [{ events: ['email.open'], why: 'The form is already open.' }],
      }),
      tags: ['form', 'open'],
      on: {
        'email.cancel': { target: 'closed', actions: assign({ error: null }) },
        // Both fields are required by the form itself (AUTH-15: required fields, an email-type field), so an
        // empty one never reaches the machine; the server checks them again.
        'email.submit': { target: 'saving', actions: assign({ error: null }) },
      },
    },
    saving: {
      description: 'Updating the email on the server',
      meta: facts({
        rules: ['ACCOUNT-2'],
        sees: [{ role: 'button', name: 'Cancel', state: 'disabled' }],
        ignores: [
          {
            events: ['email.open', 'email.cancel', 'email.submit'],
            why: 'A save is in flight: the form is disabled until it answers.',
          },
        ],
      }),
      tags: ['busy', 'open'],
      invoke: {
        id: 'changeEmail',
        src: 'changeEmail',
        input: ({ event }) =>
          event.type === 'email.submit'
            ? { newEmail: event.newEmail, currentPassword: event.currentPassword }
            : { newEmail: '', currentPassword: '' },
        onDone: {
          target: 'closed',
          actions: [
            { type: 'userUpdated', params: ({ event }) => ({ user: event.output.user }) },
            assign({ success: 'Email updated successfully' }),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => messageOf(event.error, 'Failed to update email') }),
        },
      },
    },
  },
});
