/**
 * The account and sign-in flows with their real effects, each made by `defineFlow` (flow.ts). A
 * screen starts one with `useFlow(flow, { input })` (provider.tsx); tests define the same machines
 * with fake effects.
 */
import { fromPromise } from 'xstate';
import { cancelSubscriptionMachine } from '../flows/account/cancel-subscription.machine';
import { changeEmailMachine } from '../flows/account/change-email.machine';
import { changePasswordMachine } from '../flows/account/change-password.machine';
import { deleteAccountMachine } from '../flows/account/delete-account.machine';
import { forgotPasswordMachine } from '../flows/auth/forgot-password.machine';
import { resetPasswordMachine } from '../flows/auth/reset-password.machine';
import { verifyEmailMachine } from '../flows/auth/verify-email.machine';
import { defineFlow } from './flow';

export const verifyEmailFlow = defineFlow(verifyEmailMachine)(({ api }) => ({
  actors: { verifyEmail: fromPromise(async ({ input }) => (await api()).verifyEmail(input.token)) },
}));

export const forgotPasswordFlow = defineFlow(forgotPasswordMachine)(({ api }) => ({
  actors: { forgotPassword: fromPromise(async ({ input }) => (await api()).forgotPassword(input)) },
}));

export const resetPasswordFlow = defineFlow(resetPasswordMachine)(({ api, session, navigate }) => ({
  actors: {
    resetPassword: fromPromise(async ({ input }) => (await api()).resetPassword(input)),
    login: fromPromise(async ({ input }) => (await api()).login(input)),
  },
  actions: {
    // The session stores the token and loads the user (auth.token.received).
    signIn: (_, params) => session().send({ type: 'auth.token.received', token: params.token }),
    navigate: (_, params) => navigate({ to: params.to }),
  },
}));

export const changeEmailFlow = defineFlow(changeEmailMachine)(({ api, session }) => ({
  actors: { changeEmail: fromPromise(async ({ input }) => (await api()).changeEmail(input)) },
  actions: { userUpdated: (_, params) => session().send({ type: 'user.updated', user: params.user }) },
}));

/** The password change is simulated (ACCOUNT-4): the machine's own delay, no effect. */
export const changePasswordFlow = defineFlow(changePasswordMachine)(() => ({}));

export const deleteAccountFlow = defineFlow(deleteAccountMachine)(({ api, session }) => ({
  actors: { deleteAccount: fromPromise(async () => (await api()).deleteAccount()) },
  actions: { accountDeleted: () => session().send({ type: 'account.deleted' }) },
}));

export const cancelSubscriptionFlow = defineFlow(cancelSubscriptionMachine)(({ api, window }) => ({
  actors: { cancelSubscription: fromPromise(async () => (await api()).cancelSubscription()) },
  actions: { reloadPage: () => window().location.reload() },
}));
