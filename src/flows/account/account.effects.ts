/**
 * The account flows with their real effects, each made by `defineFlow` (flow.ts). A
 * screen starts one with `useFlow(flow, { input })` (provider.tsx); tests define the same machines
 * with fake effects.
 */
import { fromPromise } from 'xstate';
import { billingPortalMachine } from './billing-portal.machine';
import { cancelSubscriptionMachine } from './cancel-subscription.machine';
import { changeEmailMachine } from './change-email.machine';
import { changePasswordMachine } from './change-password.machine';
import { deleteAccountMachine } from './delete-account.machine';
import { defineFlow } from '../shared/flow.effects';

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

/**
 * Manage billing (CHECKOUT-9): the portal call and a full-page redirect to the provider's customer portal, as the
 * checkout leaves for its hosted page. Settings › Billing starts it with `useBillingPortal()` (src/app).
 */
export const billingPortalFlow = defineFlow(billingPortalMachine)(({ api, window }) => ({
  actors: {
    openBillingPortal: fromPromise(async () => (await api()).createBillingPortal()),
  },
  actions: {
    redirectToPortal: (_, params) => window().location.assign(params.url),
  },
}));
