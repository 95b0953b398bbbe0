/** Path tests of billing: the checkout of plans and packs, the return from it, the credit history. */
import { checkoutPaths, checkoutReturnPaths, creditHistoryPaths } from './adapters/billing.paths';
import { pathSuite } from './suite';

pathSuite('billing', [checkoutPaths, checkoutReturnPaths, creditHistoryPaths]);
