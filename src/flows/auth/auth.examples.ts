/** The sign-in flows' examples: the tokens their links carry and the server's answers. */
import type { FlowExamples } from '../shared/examples';
import { freeUser } from '../session/session.examples';

export const examples: FlowExamples = {
  inputs: { resetPassword: { token: 'reset-token-1' }, verifyEmail: { token: 'verify-token-1' } },
  answers: {
    forgotPassword: { message: 'If the address has an account, a reset link is on its way' },
    resetPassword: { message: 'Password reset', user: { email: freeUser.email } },
    verifyEmail: { message: 'Email verified' },
  },
};
