/**
 * Change password (ACCOUNT-3, ACCOUNT-4): new and confirm must match. The update is only simulated: no call,
 * a one-second delay, then 'Password updated successfully'.
 */
import { assign, setup } from 'xstate';
import { facts } from '../shared/meta';

export const changePasswordMachine = setup({
  types: {
    context: {} as { error: string | null; success: string | null },
    events: {} as
      | { type: 'password.open' }
      | { type: 'password.cancel' }
      | { type: 'password.submit'; newPassword: string; confirmPassword: string },
  },
  guards: {
    passwordsDiffer: ({ event }) => event.type === 'password.submit' && event.newPassword !== event.confirmPassword,
  },
  delays: {
    /** ACCOUNT-4: the simulated update takes 1 s. */
    simulatedUpdate: 1000,
  },
}).createMachine({
  id: 'changePassword',
  description: 'Changing the password from the account page: open the form, submit, show success or the error.',
  meta: facts({ sends: ['password.open', 'password.cancel', 'password.submit'] }),
  context: { error: null, success: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'Shows the last password change and a Change Password button',
      meta: facts({
        sees: [
          { role: 'button', name: 'Change Password' },
          { kind: 'success', says: "after a save, the server's message" },
        ],
        ignores: [{ events: ['password.cancel', 'password.submit'], why: 'The form is not shown.' }],
      }),
      on: { 'password.open': { target: 'editing', actions: assign({ error: null, success: null }) } },
    },
    editing: {
      description: 'New password and confirmation',
      meta: facts({
        rules: ['ACCOUNT-3'],
        sees: [
          { role: 'button', name: 'Update Password', state: 'enabled' },
          { kind: 'error', says: "after a failed request, the server's message in the red banner" },
        ],
        ignores: [{ events: ['password.open'], why: 'The form is already open.' }],
      }),
      tags: ['form', 'open'],
      on: {
        'password.cancel': { target: 'closed', actions: assign({ error: null }) },
        // The fields are required by the form itself (AUTH-15), so an empty password never reaches the machine.
        'password.submit': [
          {
            guard: 'passwordsDiffer',
            actions: assign({ error: 'New passwords do not match' }),
            meta: facts({ rules: ['ACCOUNT-3'] }),
          },
          { target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    saving: {
      description: 'Simulated update: nothing is sent',
      meta: facts({
        rules: ['ACCOUNT-4'],
        sees: [{ role: 'button', name: 'Cancel', state: 'disabled' }],
        ignores: [
          {
            events: ['password.open', 'password.cancel', 'password.submit'],
            why: 'A save is in flight: the form is disabled until it answers.',
          },
        ],
      }),
      tags: ['busy', 'open'],
      after: { simulatedUpdate: { target: 'closed', actions: assign({ success: 'Password updated successfully' }) } },
    },
  },
});
