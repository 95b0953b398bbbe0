/**
 * The sign-in flows with their real effects (verify an email, ask for a reset link, reset the password), each
 * made by `defineFlow` (src/flows/shared/flow.effects.ts). A screen starts one with `useFlow(flow, { input })`.
 */
import { fromPromise } from 'xstate';
import { defineFlow } from '../shared/flow.effects';
import { forgotPasswordMachine } from './forgot-password.machine';
import { resetPasswordMachine } from './reset-password.machine';
import { verifyEmailMachine } from './verify-email.machine';
import { forgetVerifyClaim, readVerifyClaim } from '../session/verify-claim.effects';

export const verifyEmailFlow = defineFlow(verifyEmailMachine)(({ api, session }) => ({
  // AUTH-18: the claim this browser kept when it registered goes with the link's token.
  actors: { verifyEmail: fromPromise(async ({ input }) => (await api()).verifyEmail(input.token, readVerifyClaim())) },
  actions: {
    signIn: (_, params) => {
      forgetVerifyClaim();
      session().send({ type: 'auth.token.received', token: params.token });
    },
  },
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
