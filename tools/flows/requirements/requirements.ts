/**
 * The product rules of docs/requirements.md and what serves them: the machine states and transitions
 * whose `facts({ rules })` name them (rulesOf, src/flows/shared/meta.ts) and the tests that cite them in their
 * titles, as a list of IDs and a colon before the words. Read by tests/flows/requirements.test.ts and the requirements report
 * (scripts/requirements-report.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { rulesOf, type FactsNode } from '../../../src/flows/shared/meta';
import { graphEdges } from '../coverage-graph';

export const root = join(import.meta.dirname, '..', '..', '..');
export const requirementsFile = 'docs/requirements.md';

export interface Requirement {
  id: string;
  area: string;
  text: string;
}

/** Each rule of the document: `- **AUTH-7**: text`, under a heading that ends with its area, `(AUTH)`. */
export function parseRequirements(markdown: string): Requirement[] {
  const out: Requirement[] = [];
  let area = '';
  for (const line of markdown.split('\n')) {
    const heading = /^## .*\(([A-Z]+)\)\s*$/.exec(line);
    if (heading) area = heading[1]!;
    const rule = /^- \*\*([A-Z]+-\d+)\*\*: (.+)$/.exec(line);
    if (rule) out.push({ id: rule[1]!, area, text: rule[2]! });
  }
  return out;
}

export const readRequirements = (): Requirement[] =>
  parseRequirements(readFileSync(join(root, requirementsFile), 'utf8'));

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

/** A test title that cites rules. */
export interface Citation {
  file: string;
  line: number;
  title: string;
  ids: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The titles of the tests under tests/ that cite rules. A title is the first argument of `describe`,
 * `it` or `test` (also after `.each(…)`, `.skip` and the like): a string literal right after an opening
 * parenthesis, on one line. Its citations are the rule-shaped words in it (`AREA-n`) whose area is one
 * of `areas`; a title that starts with a list of rule-shaped words and a colon cites them whatever
 * their area, so a mistyped area is caught too.
 */
export function testCitations(areas: ReadonlySet<string>, dir = join(root, 'tests')): Citation[] {
  const out: Citation[] = [];
  const literal = /\(\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  const word = /\b([A-Z]+)-(\d+)\b/g;
  for (const path of sourceFiles(dir)) {
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(literal)) {
      const title = match[2]!;
      const lead = /^((?:[A-Z]+-\d+)(?:, [A-Z]+-\d+)*): /.exec(title);
      const ids = new Set(lead ? lead[1]!.split(', ') : []);
      for (const [id, area] of title.matchAll(word)) if (areas.has(area!)) ids.add(id);
      if (ids.size === 0) continue;
      const line = source.slice(0, match.index).split('\n').length;
      out.push({ file: relative(root, path), line, title, ids: [...ids] });
    }
  }
  return out;
}

/** What serves each rule, and the rule-shaped words used where no rule has that ID. */
export function servingOf(machines: Record<string, AnyStateMachine>) {
  const requirements = readRequirements();
  const ids = new Set(requirements.map((r) => r.id));
  const areas = new Set(requirements.map((r) => r.id.split('-')[0]!));
  const states = machineRules(machines).filter((s) => s.rules.length > 0);
  const transitions = transitionRules(machines);
  const citations = testCitations(areas);
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
