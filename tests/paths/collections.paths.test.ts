/** Path tests of stars and collections: a creation's star, Select mode's Star and Add to collection, a collection's page. */
import { pathSuite } from './suite';

pathSuite('collections');
