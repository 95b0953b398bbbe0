/**
 * A machine's graph as a Mermaid `stateDiagram-v2`: compound states as composites with their
 * initial arrow, parallel regions separated by `--`, final states pointing at `[*]`, and each
 * transition (label: event, guard, actions) written inside the innermost composite that holds
 * both ends. The root is itself a composite, so transitions the machine handles anywhere have a source.
 */
import { childrenIn, transitionText, type GraphState, type MachineGraph } from './model';

/** A Mermaid state id: letters, digits and underscores only. */
const idOf = (s: GraphState) =>
  `s_${(s.path || s.id).replace(/[^A-Za-z0-9]/g, '_')}${s.parent === null ? '_root' : ''}`;

/** A label without the characters Mermaid's grammar reads as syntax on a transition line. */
const label = (s: string) =>
  s
    .replace(/[:;#{}"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function machineMermaid(graph: MachineGraph): string {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let s = byId.get(id); s; s = s.parent ? byId.get(s.parent) : undefined) out.push(s.id);
    return out;
  };
  /** The composite a transition is written in: the deepest common ancestor of its ends that is not an end. */
  const home = (ends: string[]): string => {
    const lists = ends.map(ancestors);
    const common = lists[0]!.filter((id) => lists.every((l) => l.includes(id)));
    const container = common.find((id) => !ends.includes(id) || byId.get(id)!.parent === null);
    return container ?? graph.states[0]!.id;
  };
  const edges = new Map<string, string[]>();
  for (const t of graph.transitions) {
    const source = byId.get(t.source)!;
    for (const targetId of t.targets.length ? t.targets : [t.source]) {
      const target = byId.get(targetId)!;
      const at = home([source.id, target.id]);
      const text = label(transitionText(t));
      edges.set(at, [...(edges.get(at) ?? []), `${idOf(source)} --> ${idOf(target)}${text ? ` : ${text}` : ''}`]);
    }
  }

  const lines = ['stateDiagram-v2'];
  const write = (s: GraphState, indent: string) => {
    const children = childrenIn(graph, s.id);
    if (!children.length) {
      lines.push(`${indent}state "${label(s.key)}" as ${idOf(s)}`);
      if (s.description) lines.push(`${indent}%% ${s.key}: ${s.description.replace(/\n/g, ' ')}`);
      return;
    }
    lines.push(`${indent}state "${label(s.parent === null ? s.id : s.key)}" as ${idOf(s)} {`);
    const inner = `${indent}  `;
    if (s.initial) lines.push(`${inner}[*] --> ${idOf(byId.get(s.initial)!)}`);
    children.forEach((c, i) => {
      if (s.kind === 'parallel' && i > 0) lines.push(`${inner}--`);
      write(c, inner);
      if (c.kind === 'final') lines.push(`${inner}${idOf(c)} --> [*]`);
    });
    for (const e of edges.get(s.id) ?? []) lines.push(`${inner}${e}`);
    lines.push(`${indent}}`);
  };
  const root = graph.states[0]!;
  lines.push(`  [*] --> ${idOf(root)}`);
  write(root, '  ');
  // A machine without child states has its self-transitions on the root, outside any composite.
  if (!childrenIn(graph, root.id).length) for (const e of edges.get(root.id) ?? []) lines.push(`  ${e}`);
  return `${lines.join('\n')}\n`;
}
