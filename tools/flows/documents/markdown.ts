/**
 * A machine's graph as a Markdown document a product owner reads: the machine's description,
 * then each state (what the person sees, ignored events, product rules, entry and exit actions,
 * its transitions), then every transition in one table and the index of guards, actions, delays
 * and product rules with where each is used.
 */
import { transitionText, type GraphState, type GraphTransition, type MachineGraph } from './model';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function stateName(graph: MachineGraph, id: string): string {
  const s = graph.states.find((x) => x.id === id);
  return s ? s.path || s.id : id;
}

const targetsText = (graph: MachineGraph, t: GraphTransition) =>
  t.targets.length ? t.targets.map((id) => stateName(graph, id)).join(', ') : '(stays)';

function initialIds(graph: MachineGraph): Set<string> {
  return new Set(graph.states.flatMap((s) => (s.initial ? [s.initial] : [])));
}

function stateSection(graph: MachineGraph, s: GraphState, initials: Set<string>): string[] {
  const title = s.parent === null ? `${s.id} (the machine)` : s.path;
  const notes = [s.kind === 'atomic' ? null : s.kind, initials.has(s.id) ? 'initial' : null].filter(Boolean);
  const out = [`### ${title}${notes.length ? ` (${notes.join(', ')})` : ''}`, ''];
  if (s.description) out.push(s.description, '');
  const items: string[] = [];
  if (s.initial) items.push(`Starts in: ${stateName(graph, s.initial)}`);
  if (s.tags.length) items.push(`Tags: ${s.tags.map(code).join(', ')}`);
  if (s.sees.length) items.push(`The person sees: ${s.sees.join('; ')}`);
  for (const i of s.ignores) items.push(`Ignores ${i.events.map(code).join(', ')}: ${i.why}`);
  if (s.rules.length) items.push(`Product rules: ${s.rules.join(', ')}`);
  if (s.entry.length) items.push(`On entry: ${s.entry.map(code).join(', ')}`);
  if (s.exit.length) items.push(`On exit: ${s.exit.map(code).join(', ')}`);
  for (const i of s.invokes) items.push(`Runs: ${code(i.src)}${i.id !== i.src ? ` (as ${code(i.id)})` : ''}`);
  for (const t of graph.transitions.filter((x) => x.source === s.id))
    items.push(`${transitionText(t)} → ${targetsText(graph, t)}${t.reenter ? ' (re-entered)' : ''}`);
  out.push(...items.map((i) => `- ${i}`));
  if (items.length) out.push('');
  return out;
}

function usage(graph: MachineGraph, names: (t: GraphTransition) => string[], states?: (s: GraphState) => string[]) {
  const where = new Map<string, string[]>();
  const add = (name: string, at: string) => where.set(name, [...(where.get(name) ?? []), at]);
  for (const t of graph.transitions) for (const n of names(t)) add(n, `${stateName(graph, t.source)}: ${t.label}`);
  if (states) for (const s of graph.states) for (const n of states(s)) add(n, `${s.path || s.id}`);
  return [...where.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function indexSection(title: string, rows: [string, string[]][]): string[] {
  if (!rows.length) return [`## ${title}`, '', 'None.', ''];
  return [`## ${title}`, '', ...rows.map(([name, at]) => `- ${code(name)}: ${at.join('; ')}`), ''];
}

export function machineMarkdown(graph: MachineGraph): string {
  const initials = initialIds(graph);
  const out = [`# ${graph.id}`, ''];
  out.push(graph.description ?? 'No description.', '');
  if (graph.sends.length) out.push(`Events the app sends: ${graph.sends.map(code).join(', ')}.`, '');
  out.push(`${graph.states.length - 1} states, ${graph.transitions.length} transitions.`, '', '## States', '');
  for (const s of graph.states) out.push(...stateSection(graph, s, initials));

  out.push('## Transitions', '', '| From | Event | Guard | To | Actions |', '| --- | --- | --- | --- | --- |');
  for (const t of graph.transitions)
    out.push(
      `| ${cell(stateName(graph, t.source))} | ${cell(t.label)} | ${cell(t.guard ?? '')} | ${cell(targetsText(graph, t))} | ${cell(t.actions.join(', '))} |`,
    );
  out.push('');

  out.push(
    ...indexSection(
      'Guards',
      usage(graph, (t) => (t.guard ? [t.guard] : [])),
    ),
  );
  out.push(
    ...indexSection(
      'Actions',
      usage(
        graph,
        (t) => t.actions,
        (s) => [...s.entry, ...s.exit],
      ),
    ),
  );
  const delays = graph.transitions.filter((t) => t.delay);
  out.push('## Delays', '');
  if (!delays.length) out.push('None.');
  for (const t of delays) out.push(`- ${stateName(graph, t.source)}: ${t.label} → ${targetsText(graph, t)}`);
  out.push('');

  const rules = new Map<string, string[]>();
  for (const id of graph.rules) rules.set(id, ['the whole machine']);
  for (const s of graph.states.filter((x) => x.parent !== null))
    for (const id of s.rules) rules.set(id, [...(rules.get(id) ?? []), s.path]);
  out.push('## Requirements', '');
  if (!rules.size) out.push('No product rule is linked to this machine yet.');
  for (const [id, at] of [...rules.entries()].sort(([a], [b]) => a.localeCompare(b)))
    out.push(`- ${id}: ${at.join(', ')}`);
  out.push('');
  return out.join('\n');
}
