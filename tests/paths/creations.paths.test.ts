/** Path tests of My creations: the list, load more, the filter, delete with its confirmation. */
import { pathSuite } from './suite';

pathSuite('creations');
