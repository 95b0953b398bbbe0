/** Path tests of billing: the checkout of plans and packs, the return from it, the credit history. */
import { pathSuite } from './suite';

pathSuite('billing');
