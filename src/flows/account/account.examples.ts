/** The account flows' examples (Settings: email, password, delete, cancel, Manage billing). */
import type { FlowExamples } from '../shared/examples';
import { freeUser } from '../session/session.examples';

/** The Customer Portal session of the server's example (src/api/operations/billing.ts). */
export const portalAnswer = { url: 'https://billing.stripe.com/p/session/test_YWNjdF8x' };

export const examples: FlowExamples = {
  answers: {
    cancelSubscription: { success: true, message: 'Your subscription is cancelled' },
    changeEmail: { message: 'Email changed', user: freeUser },
    deleteAccount: null,
    openBillingPortal: portalAnswer,
  },
};
