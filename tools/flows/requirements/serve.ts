/**
 * What serves each product rule: the machine states and transitions whose `facts({ rules })` name it
 * (rulesOf, src/flows/shared/meta.ts), the tests that cite it, and whether the path tests walked those
 * transitions. Pure: the requirements report (report.ts) and the flows viewer's rule pages both use it, from
 * the rules and citations read by parse.ts.
 */
import type { AnyStateMachine } from 'xstate';
import { rulesOf, type FactsNode } from '../../../src/flows/shared/meta';
import { edgeKeys, graphEdges } from '../coverage-graph';
import type { Citation, Requirement } from './parse';

/** A state (or the machine's root) that names rules. */
export interface ServingState {
  machine: string;
  /** The state's id, as the coverage keys write it ('resetPassword.loggedIn'); the root's is the machine's id. */
  state: string;
  rules: readonly string[];
}

interface StateNodeLike extends FactsNode {
  readonly id: string;
  readonly states?: Readonly<Record<string, StateNodeLike>>;
}

/** Every state of the machines, from the root down, with the rules it names (none included). */
export function machineRules(machines: Record<string, AnyStateMachine>): ServingState[] {
  const out: ServingState[] = [];
  for (const [name, machine] of Object.entries(machines)) {
    const walk = (node: StateNodeLike) => {
      out.push({ machine: name, state: node.id, rules: rulesOf(node) });
      for (const child of Object.values(node.states ?? {})) walk(child);
    };
    walk(machine.root as unknown as StateNodeLike);
  }
  return out;
}

/** A transition that names rules, by its coverage key ('resetPassword.loggingIn --xstate.done.actor.login--> …'). */
export interface ServingTransition {
  machine: string;
  key: string;
  rules: readonly string[];
}

/** Every transition of the machines' graphs that names rules in its meta. */
export function transitionRules(machines: Record<string, AnyStateMachine>): ServingTransition[] {
  return Object.entries(machines).flatMap(([name, machine]) =>
    graphEdges(machine)
      .map(({ key, transition }) => ({ machine: name, key, rules: rulesOf(transition as FactsNode) }))
      .filter((t) => t.rules.length > 0),
  );
}

/** What serves each rule, and the rule-shaped words used where no rule has that ID. */
export function serve(
  requirements: readonly Requirement[],
  citations: readonly Citation[],
  machines: Record<string, AnyStateMachine>,
) {
  const ids = new Set(requirements.map((r) => r.id));
  const states = machineRules(machines).filter((s) => s.rules.length > 0);
  const transitions = transitionRules(machines);
  const unknown = [
    ...states.flatMap((s) => s.rules.filter((id) => !ids.has(id)).map((id) => `${id} in the meta of ${s.state}`)),
    ...transitions.flatMap((t) => t.rules.filter((id) => !ids.has(id)).map((id) => `${id} in the meta of ${t.key}`)),
    ...citations.flatMap((c) => c.ids.filter((id) => !ids.has(id)).map((id) => `${id} in ${c.file}:${c.line}`)),
  ];
  const served = requirements.map((r) => ({
    ...r,
    states: states.filter((s) => s.rules.includes(r.id)),
    transitions: transitions.filter((t) => t.rules.includes(r.id)),
    tests: citations.filter((c) => c.ids.includes(r.id)),
  }));
  return { requirements, served, unknown };
}
export type Served = ReturnType<typeof serve>['served'];

/** What coverage/flows.json says of one machine (the path tests' coverage). */
export interface PathCoverage {
  transitions: number;
  walked: number;
  missing: string[];
}

export type Walked = 'walked' | 'not walked' | 'no path run' | 'tests only';

export interface RequirementReport {
  id: string;
  area: string;
  text: string;
  states: Array<{ machine: string; state: string; walked: boolean | null }>;
  transitions: Array<{ machine: string; key: string; walked: boolean | null }>;
  tests: Array<{ file: string; line: number; title: string }>;
  walked: Walked;
}

const inside = (id: string, state: string) => id === state || id.startsWith(`${state}.`);

/** The edge keys of a machine with, when the path tests ran it, whether they walked each. */
function edgesOf(machine: AnyStateMachine, coverage: PathCoverage | undefined) {
  const missing = [...(coverage?.missing ?? [])];
  return edgeKeys(machine).map((key) => {
    const [source = '', target = ''] = key.split(/ --.*?--> /);
    if (!coverage) return { key, source, target, walked: null };
    // Guarded transitions between the same states share a key: each key missing once is one edge not walked.
    const i = missing.indexOf(key);
    if (i >= 0) missing.splice(i, 1);
    return { key, source, target, walked: i < 0 };
  });
}

/** Each rule with what serves it and whether the path run `coverage` walked it ({} when none ran). */
export function requirementsReport(
  machines: Record<string, AnyStateMachine>,
  coverage: Record<string, PathCoverage>,
  served: Served,
): RequirementReport[] {
  const edges = Object.fromEntries(
    Object.entries(machines).map(([name, machine]) => [name, edgesOf(machine, coverage[name])]),
  );
  return served.map((r) => {
    const states = r.states.map(({ machine, state }) => {
      const touching = edges[machine]!.filter((e) => inside(e.source, state) || inside(e.target, state));
      // Walked when a walked transition enters or leaves it (a path that left it had reached it).
      const walked = coverage[machine] === undefined ? null : touching.some((e) => e.walked);
      return { machine, state, walked };
    });
    // The transitions that name the rule, then those into its states; keys shared by guarded transitions
    // count as walked when one of them was.
    const named = r.transitions.map(({ machine, key }) => {
      const same = edges[machine]!.filter((e) => e.key === key);
      return { machine, key, walked: coverage[machine] === undefined ? null : same.some((e) => e.walked) };
    });
    const into = r.states.flatMap(({ machine, state }) =>
      edges[machine]!.filter((e) => inside(e.target, state) && !inside(e.source, state)).map(({ key, walked }) => ({
        machine,
        key,
        walked,
      })),
    );
    const transitions = [...named, ...into.filter((t) => !named.some((n) => n.key === t.key))];
    const marks = [...states.map((s) => s.walked), ...named.map((t) => t.walked)];
    const walked: Walked =
      marks.length === 0
        ? 'tests only'
        : marks.some((w) => w)
          ? 'walked'
          : marks.every((w) => w === null)
            ? 'no path run'
            : 'not walked';
    return {
      id: r.id,
      area: r.area,
      text: r.text,
      states,
      transitions,
      tests: r.tests.map(({ file, line, title }) => ({ file, line, title })),
      walked,
    };
  });
}
