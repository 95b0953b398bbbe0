/** Path tests of the tool pages: the run's lifecycle, its request with retries, the status checks, the simulated progress. */
import { toolPollPaths, toolProgressPaths, toolRequestPaths, toolRunPaths } from './adapters/tools.paths';
import { pathSuite } from './suite';

pathSuite('tools', [toolRunPaths, toolRequestPaths, toolPollPaths, toolProgressPaths]);
