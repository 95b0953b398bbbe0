/**
 * Every path adapter, by the test file that runs it (tests/paths/<group>.paths.test.ts calls
 * `pathSuite('<group>')`). tests/flows/path-adapters.test.ts checks that each machine registered in
 * machines/index.ts has exactly one adapter here, and that each adapter names a registered machine.
 */
import type { PathAdapter } from '../harness';
import { cancelSubscriptionPaths, changeEmailPaths, changePasswordPaths, deleteAccountPaths } from './account.paths';
import { forgotPasswordPaths, resetPasswordPaths, verifyEmailPaths } from './auth.paths';
import { checkoutPaths, checkoutReturnPaths, creditHistoryPaths } from './billing.paths';
import { creationsPaths } from './creations.paths';
import { sessionPaths } from './session.paths';
import { sidebarPaths } from './sidebar.paths';
import { themePaths } from './theme.paths';
import { toolPollPaths, toolProgressPaths, toolRequestPaths, toolRunPaths } from './tools.paths';

export const pathGroups = {
  /** Settings: change email and password, delete the account, cancel the subscription. */
  account: [changeEmailPaths, changePasswordPaths, deleteAccountPaths, cancelSubscriptionPaths],
  /** Billing: the checkout of plans and packs, the return from it, the credit history. */
  billing: [checkoutPaths, checkoutReturnPaths, creditHistoryPaths],
  /** My creations: the list, load more, the filter, delete with its confirmation. */
  creations: [creationsPaths],
  /** The session (startup, sign in, register, sign out, expiry) and the theme that follows it. */
  session: [sessionPaths, themePaths],
  /** The sidebar and the signed-out account pages (forgot, verify, reset). */
  'shell-auth': [sidebarPaths, forgotPasswordPaths, verifyEmailPaths, resetPasswordPaths],
  /** The tool pages: the run's lifecycle, its request with retries, the status checks, the simulated progress. */
  tools: [toolRunPaths, toolRequestPaths, toolPollPaths, toolProgressPaths],
} satisfies Record<string, PathAdapter[]>;

export type PathGroup = keyof typeof pathGroups;
