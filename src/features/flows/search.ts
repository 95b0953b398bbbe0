/**
 * The flows viewer's search: a query finds states (by path), transitions (by event, guard or action), product
 * rules (by ID or a word of their text) and what serves those rules in the machine shown — its states and
 * the transitions the requirements report counts for them (tools/flows/requirements/serve.ts).
 */
import type { RequirementReport } from '../../../tools/flows/requirements/serve';
import { allStates, type FlowGraph, type FlowTransition } from '../../../tools/flows/graph';

export interface Found {
  /** Matching rules, those this machine serves first. */
  rules: RequirementReport[];
  states: string[];
  transitions: FlowTransition[];
}

const none: Found = { rules: [], states: [], transitions: [] };

export function searchFlows(
  graph: FlowGraph,
  name: string,
  query: string,
  report: readonly RequirementReport[] | null,
): Found {
  const q = query.trim().toLowerCase();
  if (q === '') return none;
  const has = (s: string | null) => s !== null && s.toLowerCase().includes(q);
  const servesHere = (r: RequirementReport) =>
    r.states.some((s) => s.machine === name) || r.transitions.some((t) => t.machine === name);
  const rules = (report ?? [])
    .filter((r) => has(r.id) || has(r.text))
    .sort((a, b) => Number(servesHere(b)) - Number(servesHere(a)));
  const ruleStates = new Set(rules.flatMap((r) => r.states.filter((s) => s.machine === name).map((s) => s.state)));
  const ruleKeys = new Set(rules.flatMap((r) => r.transitions.filter((t) => t.machine === name).map((t) => t.key)));
  return {
    rules,
    states: allStates(graph.root)
      .filter((s) => s.id !== graph.root.id && (has(s.path) || ruleStates.has(s.id)))
      .map((s) => s.id),
    transitions: graph.transitions.filter(
      (t) => has(t.event) || has(t.guard) || t.actions.some(has) || ruleKeys.has(t.coverageKey),
    ),
  };
}
