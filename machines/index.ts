/** Registry of every flow machine: the coverage report and the flows viewer read it. */
import type { AnyStateMachine } from 'xstate';
import { cancelSubscriptionMachine } from './account/cancel-subscription.machine';
import { changeEmailMachine } from './account/change-email.machine';
import { changePasswordMachine } from './account/change-password.machine';
import { deleteAccountMachine } from './account/delete-account.machine';
import { checkoutMachine } from './billing/checkout.machine';
import { creationsMachine } from './creations/creations.machine';
import { checkoutReturnMachine } from './billing/checkout-return.machine';
import { creditHistoryMachine } from './billing/credit-history.machine';
import { forgotPasswordMachine } from './auth/forgot-password.machine';
import { resetPasswordMachine } from './auth/reset-password.machine';
import { verifyEmailMachine } from './auth/verify-email.machine';
import { sessionMachine } from './session/session.machine';
import { sidebarMachine } from './sidebar/sidebar.machine';
import { themeMachine } from './theme/theme.machine';
import { toolPollMachine } from './tools/tool-poll.machine';
import { toolProgressMachine } from './tools/tool-progress.machine';
import { toolRequestMachine } from './tools/tool-request.machine';
import { toolRunMachine } from './tools/tool-run.machine';

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
  checkoutReturn: checkoutReturnMachine,
  creditHistory: creditHistoryMachine,
  sidebar: sidebarMachine,
  theme: themeMachine,
  toolRun: toolRunMachine,
  toolRequest: toolRequestMachine,
  toolPoll: toolPollMachine,
  toolProgress: toolProgressMachine,
  creations: creationsMachine,
};
