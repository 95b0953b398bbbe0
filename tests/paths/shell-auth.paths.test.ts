/** Path tests of the sidebar and the signed-out account pages (forgot, verify, reset). */
import { forgotPasswordPaths, resetPasswordPaths, verifyEmailPaths } from './adapters/auth.paths';
import { sidebarPaths } from './adapters/sidebar.paths';
import { pathSuite } from './suite';

pathSuite('shell-auth', [sidebarPaths, forgotPasswordPaths, verifyEmailPaths, resetPasswordPaths]);
