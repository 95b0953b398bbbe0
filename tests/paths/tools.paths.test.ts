/** Path tests of the tool pages: the run's lifecycle, its request with retries, the status checks, the simulated progress. */
import { pathSuite } from './suite';

pathSuite('tools');
