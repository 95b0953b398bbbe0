/** Path tests of the sidebar and the signed-out account pages (forgot, verify, reset). */
import { pathSuite } from './suite';

pathSuite('shell-auth');
