/** Path tests of Settings: change email and password, delete the account, cancel the subscription. */
import { pathSuite } from './suite';

pathSuite('account');
