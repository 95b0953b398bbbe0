import { defineModel } from '../model-paths';
import { changeEmailMachine } from '../../../src/flows/account/change-email.machine';
import { changePasswordMachine } from '../../../src/flows/account/change-password.machine';
import { deleteAccountMachine } from '../../../src/flows/account/delete-account.machine';
import { cancelSubscriptionMachine } from '../../../src/flows/account/cancel-subscription.machine';
import { billingPortalMachine } from '../../../src/flows/account/billing-portal.machine';
import { serverError, silentError } from './fixtures';
import { freeUser } from '../../../src/flows/session/session.examples';
import { portalAnswer } from '../../../src/flows/account/account.examples';

export const changeEmailModel = defineModel({
  machine: changeEmailMachine,
  events: {
    'email.open': [{ type: 'email.open' }],
    'email.cancel': [{ type: 'email.cancel' }],
    'email.submit': [{ type: 'email.submit', newEmail: 'new@example.com', currentPassword: 'secret1' }],
  },
  actors: {
    changeEmail: {
      done: [{ message: 'Email updated', user: { ...freeUser, email: 'new@example.com' } }],
      error: [serverError('Current password is incorrect'), silentError],
    },
  },
});

export const changePasswordModel = defineModel({
  machine: changePasswordMachine,
  events: {
    'password.open': [{ type: 'password.open' }],
    'password.cancel': [{ type: 'password.cancel' }],
    'password.submit': [
      { type: 'password.submit', newPassword: 'secret1', confirmPassword: 'secret1' },
      { type: 'password.submit', newPassword: 'secret1', confirmPassword: 'secret2' },
    ],
  },
});

export const deleteAccountModel = defineModel({
  machine: deleteAccountMachine,
  events: {
    'account.delete': [{ type: 'account.delete' }],
    'account.delete.confirm': [{ type: 'account.delete.confirm' }],
    'account.delete.cancel': [{ type: 'account.delete.cancel' }],
  },
  actors: { deleteAccount: { done: [{ message: 'Account deleted' }], error: [serverError('Nope'), silentError] } },
});

export const cancelSubscriptionModel = defineModel({
  machine: cancelSubscriptionMachine,
  events: {
    'subscription.cancel': [{ type: 'subscription.cancel' }],
    'subscription.cancel.confirm': [{ type: 'subscription.cancel.confirm' }],
    'subscription.cancel.dismiss': [{ type: 'subscription.cancel.dismiss' }],
  },
  actors: {
    cancelSubscription: {
      done: [{ success: true }, { success: false, message: 'No active subscription' }],
      error: [silentError],
    },
  },
});

export const billingPortalModel = defineModel({
  machine: billingPortalMachine,
  events: {
    'portal.open': [{ type: 'portal.open' }],
    'portal.return': [{ type: 'portal.return' }],
  },
  actors: {
    openBillingPortal: {
      done: [portalAnswer],
      error: [
        serverError('There is no billing account yet: it starts with your first plan or credit pack.', { status: 409 }),
        silentError,
      ],
    },
  },
});
