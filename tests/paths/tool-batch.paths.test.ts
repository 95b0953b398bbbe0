/** Path tests of a tool page's batch of prompts: the switch, the checks, the sign-in, the start call and its answers. */
import { pathSuite } from './suite';

pathSuite('tool-batch');
