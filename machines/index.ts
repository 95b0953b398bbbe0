/** Registry of every flow machine: the coverage report and the flows viewer read it. */
import type { AnyStateMachine } from 'xstate';
import { cancelSubscriptionMachine } from './account/cancel-subscription.machine';
import { changeEmailMachine } from './account/change-email.machine';
import { changePasswordMachine } from './account/change-password.machine';
import { deleteAccountMachine } from './account/delete-account.machine';
import { checkoutMachine } from './billing/checkout.machine';
import { forgotPasswordMachine } from './auth/forgot-password.machine';
import { resetPasswordMachine } from './auth/reset-password.machine';
import { verifyEmailMachine } from './auth/verify-email.machine';
import { sessionMachine } from './session/session.machine';
import { sidebarMachine } from './sidebar/sidebar.machine';
import { themeMachine } from './theme/theme.machine';

export const machines: Record<string, AnyStateMachine> = {
  session: sessionMachine,
  verifyEmail: verifyEmailMachine,
  forgotPassword: forgotPasswordMachine,
  resetPassword: resetPasswordMachine,
  changeEmail: changeEmailMachine,
  changePassword: changePasswordMachine,
  deleteAccount: deleteAccountMachine,
  cancelSubscription: cancelSubscriptionMachine,
  checkout: checkoutMachine,
  sidebar: sidebarMachine,
  theme: themeMachine,
};
