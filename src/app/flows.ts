/**
 * The short-lived flows with their real effects. A screen starts one with
 * `useFlow(flow, { input })` (provider.tsx); a flow that needs the app (the session, navigation)
 * is a function of the root actor. Tests pass the same machines with fake effects.
 */
import { fromPromise } from 'xstate';
import { cancelSubscriptionMachine } from '../../machines/account/cancel-subscription.machine';
import { changeEmailMachine } from '../../machines/account/change-email.machine';
import { changePasswordMachine } from '../../machines/account/change-password.machine';
import { deleteAccountMachine } from '../../machines/account/delete-account.machine';
import { forgotPasswordMachine } from '../../machines/auth/forgot-password.machine';
import { resetPasswordMachine } from '../../machines/auth/reset-password.machine';
import { verifyEmailMachine } from '../../machines/auth/verify-email.machine';
import { createApiClient } from '../api/client';
import { createEndpoints, endpoints } from '../api/endpoints';
import { sessionCredentials } from './api';
import { systemIds } from './app.machine';
import type { AppActor } from './create-app';
import type { SessionActor } from './session';

const sessionOf = (app: AppActor): SessionActor => app.system.get(systemIds.session);
/** Calls made for the signed-in user: the session's token, and its expiry on a 401. */
const signedInEndpoints = (app: AppActor) => createEndpoints(createApiClient(sessionCredentials(app.system)));

export const verifyEmailFlow = verifyEmailMachine.provide({
  actors: { verifyEmail: fromPromise(async ({ input }) => endpoints.verifyEmail(input.token)) },
});

export const forgotPasswordFlow = forgotPasswordMachine.provide({
  actors: { forgotPassword: fromPromise(async ({ input }) => endpoints.forgotPassword(input)) },
});

export const resetPasswordFlow = (app: AppActor) =>
  resetPasswordMachine.provide({
    actors: {
      resetPassword: fromPromise(async ({ input }) => endpoints.resetPassword(input)),
      login: fromPromise(async ({ input }) => endpoints.login(input)),
    },
    actions: {
      // The session stores the token and loads the user (auth.token.received).
      signIn: (_, params) => sessionOf(app).send({ type: 'auth.token.received', token: params.token }),
      navigate: (_, params) => app.send({ type: 'app.navigate', to: params.to }),
    },
  });

export const changeEmailFlow = (app: AppActor) =>
  changeEmailMachine.provide({
    actors: { changeEmail: fromPromise(async ({ input }) => signedInEndpoints(app).changeEmail(input)) },
    actions: { userUpdated: (_, params) => sessionOf(app).send({ type: 'user.updated', user: params.user }) },
  });

export const changePasswordFlow = changePasswordMachine;

export const deleteAccountFlow = (app: AppActor) =>
  deleteAccountMachine.provide({
    actors: { deleteAccount: fromPromise(async () => signedInEndpoints(app).deleteAccount()) },
    actions: { accountDeleted: () => sessionOf(app).send({ type: 'account.deleted' }) },
  });

export const cancelSubscriptionFlow = (app: AppActor) =>
  cancelSubscriptionMachine.provide({
    actors: { cancelSubscription: fromPromise(async () => signedInEndpoints(app).cancelSubscription()) },
    actions: { reloadPage: () => window.location.reload() },
  });
