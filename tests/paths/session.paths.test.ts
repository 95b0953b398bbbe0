/** Path tests of the session (startup, sign in, register, sign out, expiry) and the theme that follows it. */
import { sessionPaths } from './adapters/session.paths';
import { themePaths } from './adapters/theme.paths';
import { pathSuite } from './suite';

pathSuite('session', [sessionPaths, themePaths]);
