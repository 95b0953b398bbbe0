/** Path tests of the session (startup, sign in, register, sign out, expiry) and the theme that follows it. */
import { pathSuite } from './suite';

pathSuite('session');
