/** Path tests of the prompt flows: Recent prompts, Styles, Enhance on a tool page, and Clear prompt history. */
import { pathSuite } from './suite';

pathSuite('prompts');
