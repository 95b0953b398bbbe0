/**
 * Flow models by registry name (machines/index.ts). The coverage test walks these; a registered
 * machine without an entry here fails the suite.
 */
import type { FlowModel } from '../harness';
import { cancelSubscriptionModel, changeEmailModel, changePasswordModel, deleteAccountModel } from './account.models';
import { creationModel, creationsModel } from './creations.models';
import {
  checkoutModel,
  checkoutReturnCancelModel,
  checkoutReturnNoneModel,
  checkoutReturnPaidModel,
  creditHistoryModel,
} from './billing.models';
import { forgotPasswordModel, resetPasswordModel, verifyEmailModel, verifyEmailNoTokenModel } from './auth.models';
import { sessionModel } from './session.model';
import { sidebarNarrowModel, sidebarWideModel, themeModel } from './shell.models';
import {
  toolPollModel,
  toolProgressModel,
  toolRequestAdModel,
  toolRunMediaModel,
  toolRunPersonModel,
  toolRunSyncModel,
  toolRunTextModel,
} from './tools.models';

/** One or more models per machine (e.g. verify-email with and without a token). */
export const flowModels: Record<string, FlowModel[]> = {
  session: [sessionModel],
  verifyEmail: [verifyEmailModel, verifyEmailNoTokenModel],
  forgotPassword: [forgotPasswordModel],
  resetPassword: [resetPasswordModel],
  changeEmail: [changeEmailModel],
  changePassword: [changePasswordModel],
  deleteAccount: [deleteAccountModel],
  cancelSubscription: [cancelSubscriptionModel],
  checkout: [checkoutModel],
  checkoutReturn: [checkoutReturnPaidModel, checkoutReturnCancelModel, checkoutReturnNoneModel],
  creditHistory: [creditHistoryModel],
  sidebar: [sidebarWideModel, sidebarNarrowModel],
  theme: [themeModel],
  toolRun: [toolRunSyncModel, toolRunPersonModel, toolRunTextModel, toolRunMediaModel],
  toolRequest: [toolRequestAdModel],
  toolPoll: [toolPollModel],
  toolProgress: [toolProgressModel],
  creations: [creationsModel, creationModel],
};
