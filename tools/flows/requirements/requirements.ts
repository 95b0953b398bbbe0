/**
 * The product rules of docs/requirements.md and what serves them: the rules and the test titles citing them
 * read from the files (sources.ts, by the one parser, parse.ts), and the machine states and transitions that
 * name them (serve.ts). Read by tests/flows/requirements.test.ts and the requirements report
 * (scripts/requirements-report.ts); the flows viewer bundles the same rules and citations at build time
 * (scripts/bundled-requirements.ts).
 */
import type { AnyStateMachine } from 'xstate';
import { areasOf, readRequirements, testCitations } from './sources';
import { serve } from './serve';

export { parseRequirements, type Citation, type Requirement } from './parse';
export { areasOf, readRequirements, requirementsFile, root, testCitations } from './sources';
export { machineRules, transitionRules, type ServingState, type ServingTransition } from './serve';

/** What serves each rule, and the rule-shaped words used where no rule has that ID. */
export function servingOf(machines: Record<string, AnyStateMachine>) {
  const requirements = readRequirements();
  return serve(requirements, testCitations(areasOf(requirements)), machines);
}
