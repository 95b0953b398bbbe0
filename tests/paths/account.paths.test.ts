/** Path tests of Settings: change email and password, delete the account, cancel the subscription. */
import {
  cancelSubscriptionPaths,
  changeEmailPaths,
  changePasswordPaths,
  deleteAccountPaths,
} from './adapters/account.paths';
import { pathSuite } from './suite';

pathSuite('account', [changeEmailPaths, changePasswordPaths, deleteAccountPaths, cancelSubscriptionPaths]);
