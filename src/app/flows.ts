/**
 * The account flows with their real effects. Views create their actor from these (tests pass
 * the same machines with fake effects).
 */
import { fromPromise } from 'xstate';
import { cancelSubscriptionMachine } from '../../machines/account/cancel-subscription.machine';
import { changeEmailMachine } from '../../machines/account/change-email.machine';
import { changePasswordMachine } from '../../machines/account/change-password.machine';
import { deleteAccountMachine } from '../../machines/account/delete-account.machine';
import { forgotPasswordMachine } from '../../machines/auth/forgot-password.machine';
import { resetPasswordMachine } from '../../machines/auth/reset-password.machine';
import { verifyEmailMachine } from '../../machines/auth/verify-email.machine';
import { endpoints } from '../api/endpoints';
import { getSession, navigateTo } from './session-hooks';

// A verification link is single-use: React's strict-mode remount restarts the invoked promise, so
// one page visit shares one call per token.
const verifications = new Map<string, ReturnType<typeof endpoints.verifyEmail>>();

export const verifyEmailLogic = verifyEmailMachine.provide({
  actors: {
    verifyEmail: fromPromise(async ({ input }) => {
      const call = verifications.get(input.token) ?? endpoints.verifyEmail(input.token);
      verifications.set(input.token, call);
      return call;
    }),
  },
});

export const forgotPasswordLogic = forgotPasswordMachine.provide({
  actors: { forgotPassword: fromPromise(async ({ input }) => endpoints.forgotPassword(input)) },
});

export const resetPasswordLogic = resetPasswordMachine.provide({
  actors: {
    resetPassword: fromPromise(async ({ input }) => endpoints.resetPassword(input)),
    login: fromPromise(async ({ input }) => endpoints.login(input)),
  },
  actions: {
    // The session stores the token and loads the user (auth.token.received).
    signIn: (_, params) => getSession().send({ type: 'auth.token.received', token: params.token }),
    navigate: (_, params) => navigateTo(params.to),
  },
});

export const changeEmailLogic = changeEmailMachine.provide({
  actors: { changeEmail: fromPromise(async ({ input }) => endpoints.changeEmail(input)) },
  actions: { userUpdated: (_, params) => getSession().send({ type: 'user.updated', user: params.user }) },
});

export const changePasswordLogic = changePasswordMachine;

export const deleteAccountLogic = deleteAccountMachine.provide({
  actors: { deleteAccount: fromPromise(async () => endpoints.deleteAccount()) },
  actions: { accountDeleted: () => getSession().send({ type: 'account.deleted' }) },
});

export const cancelSubscriptionLogic = cancelSubscriptionMachine.provide({
  actors: { cancelSubscription: fromPromise(async () => endpoints.cancelSubscription()) },
  actions: { reloadPage: () => window.location.reload() },
});
