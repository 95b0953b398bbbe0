/** Path tests of the runs tray: the reads, Cancel, the notices, Notify me, sign-out and sign-in again. */
import { pathSuite } from './suite';

pathSuite('runs');
