/**
 * Model checks on a machine's graph, each a list of findings (empty when it holds):
 * - unreachable: a state no chain of transitions enters from the initial state;
 * - stuck: a non-final atomic state that neither it nor an ancestor leaves by a targeted transition;
 * - unsent: an event the machine handles that no view or app effect (its `sends`) nor any machine sends;
 *   XState's own events (after, done, error) are internal;
 * - idle: a transition that does nothing: no target, no action, not re-entering.
 * The graph is read statically (guards are assumed to pass sometime), so "reachable" is an upper bound.
 */
import type { AnyStateMachine } from 'xstate';
import type { GraphState, MachineGraph } from './model';

/** The states entered with `id`: itself, its ancestors, and its initial (compound) or every (parallel) child below. */
function entered(byId: Map<string, GraphState>, children: Map<string, GraphState[]>, id: string): string[] {
  const out: string[] = [];
  for (let s = byId.get(id); s; s = s.parent ? byId.get(s.parent) : undefined) out.push(s.id);
  const down = (s: GraphState) => {
    const kids = children.get(s.id) ?? [];
    const next = s.kind === 'parallel' ? kids : s.initial ? kids.filter((k) => k.id === s.initial) : [];
    for (const k of next) {
      out.push(k.id);
      down(k);
    }
  };
  down(byId.get(id)!);
  return out;
}

function index(graph: MachineGraph) {
  const byId = new Map(graph.states.map((s) => [s.id, s]));
  const children = new Map<string, GraphState[]>();
  for (const s of graph.states) if (s.parent) children.set(s.parent, [...(children.get(s.parent) ?? []), s]);
  return { byId, children };
}

export function unreachableStates(graph: MachineGraph): string[] {
  const { byId, children } = index(graph);
  const reached = new Set<string>();
  const queue = entered(byId, children, graph.states[0]!.id);
  while (queue.length) {
    const id = queue.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const t of graph.transitions.filter((x) => x.source === id))
      for (const target of t.targets) queue.push(...entered(byId, children, target));
  }
  return graph.states.filter((s) => !reached.has(s.id)).map((s) => `${graph.id}: ${s.path} is unreachable`);
}

export function statesWithoutWayOut(graph: MachineGraph): string[] {
  const { byId } = index(graph);
  const leaves = (s: GraphState) =>
    graph.transitions.some((t) => t.source === s.id && t.targets.some((target) => target !== s.id || t.reenter));
  return graph.states
    .filter((s) => s.kind === 'atomic')
    .filter((s) => {
      for (let a: GraphState | undefined = s; a; a = a.parent ? byId.get(a.parent) : undefined)
        if (leaves(a)) return false;
      return true;
    })
    .map((s) => `${graph.id}: ${s.path || '(root)'} is not final and has no way out`);
}

const internal = (event: string) => event === '' || event.startsWith('xstate.') || event === '*';

export function unsentEvents(graph: MachineGraph, sentByMachines: ReadonlySet<string>): string[] {
  const handled = new Set(graph.transitions.filter((t) => t.kind === 'event').map((t) => t.event));
  return [...handled]
    .filter((e) => !internal(e) && !graph.sends.includes(e) && !sentByMachines.has(e))
    .map((e) => `${graph.id}: handles ${e}, which no view, app effect or machine sends`);
}

export function idleTransitions(graph: MachineGraph): string[] {
  const { byId } = index(graph);
  return graph.transitions
    .filter((t) => !t.targets.length && !t.actions.length && !t.reenter)
    .map(
      (t) =>
        `${graph.id}: ${byId.get(t.source)!.path || '(root)'} on ${t.label}${t.guard ? ` [${t.guard}]` : ''} does nothing`,
    );
}

type ActionLike = { type?: unknown; event?: unknown; actions?: unknown };

/** The event types a machine's actions send with a static event (sendTo, sendParent, raise, emit), anywhere in it. */
export function eventsSentBy(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (action: unknown) => {
    if (!action || seen.has(action) || (typeof action !== 'object' && typeof action !== 'function')) return;
    seen.add(action);
    const a = action as ActionLike;
    const event = a.event as { type?: unknown } | undefined;
    if (event && typeof event === 'object' && typeof event.type === 'string') out.add(event.type);
    if (typeof a.type === 'string' && !a.type.startsWith('xstate.')) visit(machine.implementations.actions[a.type]);
    if (Array.isArray(a.actions)) a.actions.forEach(visit);
  };
  Object.values(machine.implementations.actions).forEach(visit);
  const walk = (node: AnyStateMachine['root']) => {
    [...node.entry, ...node.exit].forEach(visit);
    for (const list of node.transitions.values()) for (const t of list) (t.actions ?? []).forEach(visit);
    for (const t of node.always ?? []) (t.actions ?? []).forEach(visit);
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return out;
}
