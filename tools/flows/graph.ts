/**
 * A registered machine as plain data for drawing: states (nested), transitions with their event,
 * guard and delay, and the keys coverage/flows.json uses. Pure: no DOM, runs in Node and browser.
 */
import { and, not, or, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { rulesOf, type Ignore, type Sight } from '../../src/flows/shared/meta';

export type EdgeKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'stateDone';

export interface FlowTransition {
  id: string;
  /** State node ids (`session.signedOut.idle`). A targetless transition has target === source. */
  source: string;
  target: string;
  targetless: boolean;
  kind: EdgeKind;
  eventType: string;
  /** What the person reads: `auth.login.submit`, `after registerNotice`, `done readToken`, `always`. */
  event: string;
  guard: string | null;
  /** The transition's actions by name (`storeToken`, `assign`). */
  actions: string[];
  delay: string | number | null;
  /** The key coverage/flows.json lists in `missing` (same as tests/flows/harness.ts). */
  coverageKey: string;
  /** Every action only assigns to the context (`assign`, or a named action made with it), and there is one at least. */
  contextOnly?: boolean;
}

export interface FlowState {
  id: string;
  key: string;
  /** Dotted path below the machine root (`signedOut.idle`); '' for the root. */
  path: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  description: string | null;
  tags: string[];
  invokes: { id: string; src: string }[];
  /** Id of the initial child of a compound state. */
  initial: string | null;
  /** Inside a parallel state: one of its regions. */
  region: boolean;
  /** What the person sees here, and the sent events it ignores on purpose (its own; src/flows/shared/meta.ts). */
  sees: readonly Sight[];
  ignores: readonly Ignore[];
  /** IDs of the product rules it serves (docs/requirements.md). */
  rules: readonly string[];
  /** Entry and exit actions by name. */
  entry: string[];
  exit: string[];
  children: FlowState[];
}

export interface FlowGraph {
  id: string;
  description: string | null;
  root: FlowState;
  transitions: FlowTransition[];
}

type Named = { type?: unknown; guards?: unknown; check?: unknown };

/**
 * xstate's composite guards are functions whose names a production build minifies; each carries the
 * check function of its kind, which is the same object in every guard made by and(), or() or not().
 */
const composite: ReadonlyArray<readonly [string, unknown]> = [
  ['and', (and([]) as Named).check],
  ['or', (or([]) as Named).check],
  ['not', (not('x') as Named).check],
];

/** A guard's name as the machine writes it: 'hasToken', `and(a, b)`, `not(a)`, or 'inline' for an anonymous function. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const g = guard as Named;
  const inner = (list: unknown) =>
    (Array.isArray(list) ? list : []).map((x: unknown) => guardName(x) ?? 'inline').join(', ');
  if (typeof guard === 'function' && g.check !== undefined) {
    const op = composite.find(([, check]) => check === g.check)?.[0];
    if (op) return `${op}(${inner(g.guards)})`;
  }
  if (typeof g.type === 'string' && !g.type.startsWith('xstate.')) return g.type;
  if (typeof g.type === 'string') return `${g.type.slice('xstate.'.length)}(${inner(g.guards)})`;
  return 'inline';
}

/** An action's name without xstate's prefix: 'storeToken', 'assign', 'raise'; 'inline' for a bare function. */
export function shortActionName(action: unknown): string {
  if (typeof action === 'string') return action;
  const a = action as { type?: unknown };
  if (typeof a?.type === 'string') return a.type.replace(/^xstate\./, '');
  return 'inline';
}

function kindOf(eventType: string): { kind: EdgeKind; event: string } {
  if (eventType.startsWith('xstate.after.')) return { kind: 'after', event: eventType };
  if (eventType.startsWith('xstate.done.actor.'))
    return { kind: 'done', event: `done ${eventType.slice('xstate.done.actor.'.length)}` };
  if (eventType.startsWith('xstate.error.actor.'))
    return { kind: 'error', event: `error ${eventType.slice('xstate.error.actor.'.length)}` };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'stateDone', event: 'done' };
  return { kind: 'event', event: eventType };
}

const pathOf = (node: AnyStateNode) => node.path.join('.');

export function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>);
}

/** Whether an action (inline, by name or as `{ type }`) is an xstate `assign`. */
function isAssign(action: unknown, named: Record<string, unknown>): boolean {
  const kind = (a: unknown) => (a as { type?: unknown } | null)?.type;
  if (typeof action === 'function') return kind(action) === 'xstate.assign';
  const name = typeof action === 'string' ? action : kind(action);
  return typeof name === 'string' && kind(named[name]) === 'xstate.assign';
}

export function toFlowGraph(machine: AnyStateMachine): FlowGraph {
  const transitions: FlowTransition[] = [];
  const namedActions = (machine.implementations as { actions?: Record<string, unknown> }).actions ?? {};
  const contextOnly = (actions: readonly unknown[] | undefined) =>
    !!actions?.length && actions.every((a) => isAssign(a, namedActions));
  // A named delay's milliseconds, when the machine gives a number (not a function of its context).
  const namedDelays = (machine.implementations as { delays?: Record<string, unknown> }).delays ?? {};
  const visit = (node: AnyStateNode, region: boolean): FlowState => {
    const delays = new Map<string, string | number>();
    for (const a of node.after) {
      const delay = (a as { delay: unknown }).delay;
      delays.set(a.eventType, typeof delay === 'number' || typeof delay === 'string' ? delay : 'inline');
    }
    let index = 0;
    for (const [eventType, list] of node.transitions) {
      for (const t of list) {
        const { kind, event } = kindOf(eventType);
        const delay = kind === 'after' ? (delays.get(eventType) ?? null) : null;
        const targets = (t.target ?? []) as AnyStateNode[];
        const ms = typeof delay === 'string' ? namedDelays[delay] : null;
        const label = kind === 'after' ? `after ${delay ?? '?'}${typeof ms === 'number' ? ` (${ms} ms)` : ''}` : event;
        for (const target of targets.length ? targets : [node]) {
          transitions.push({
            id: `${node.id}#${index++}`,
            source: node.id,
            target: target.id,
            targetless: targets.length === 0,
            kind,
            eventType,
            event: label,
            guard: guardName(t.guard),
            actions: (t.actions ?? []).map(shortActionName),
            delay,
            coverageKey: `${node.id} --${eventType}--> ${target.id}`,
            contextOnly: contextOnly(t.actions),
          });
        }
      }
    }
    for (const t of node.always ?? []) {
      const targets = (t.target ?? []) as AnyStateNode[];
      for (const target of targets.length ? targets : [node]) {
        transitions.push({
          id: `${node.id}#${index++}`,
          source: node.id,
          target: target.id,
          targetless: targets.length === 0,
          kind: 'always',
          eventType: '',
          event: 'always',
          guard: guardName(t.guard),
          actions: (t.actions ?? []).map(shortActionName),
          delay: null,
          coverageKey: `${node.id} --(always)--> ${target.id}`,
          contextOnly: contextOnly(t.actions),
        });
      }
    }
    const children = childrenOf(node);
    const initialTarget =
      node.type === 'compound' ? (((node.initial?.target ?? []) as AnyStateNode[])[0]?.id ?? null) : null;
    return {
      id: node.id,
      key: node.key,
      path: pathOf(node),
      type: node.type,
      description: node.description ?? null,
      tags: [...node.tags],
      invokes: node.invoke.map((i) => ({
        id: i.id,
        src: typeof i.src === 'string' ? i.src : ((i.src as { id?: string }).id ?? 'inline'),
      })),
      initial: initialTarget,
      region,
      sees: (node.meta as { sees?: readonly Sight[] } | undefined)?.sees ?? [],
      ignores: (node.meta as { ignores?: readonly Ignore[] } | undefined)?.ignores ?? [],
      rules: rulesOf(node),
      entry: node.entry.map(shortActionName),
      exit: node.exit.map(shortActionName),
      children: children.map((c) => visit(c, node.type === 'parallel')),
    };
  };
  const root = visit(machine.root, false);
  const config = machine.config as { description?: unknown };
  return {
    id: machine.id,
    description: typeof config.description === 'string' ? config.description : (machine.root.description ?? null),
    root,
    transitions,
  };
}

export function allStates(state: FlowState): FlowState[] {
  return [state, ...state.children.flatMap(allStates)];
}

/**
 * How many states a machine has, the one count the flows viewer and the path reports give: every
 * state node below the root (compound, parallel, final and history ones included), not the root itself.
 */
export const stateCount = (graph: FlowGraph): number => allStates(graph.root).length - 1;

/**
 * What a walked path highlights on the chart (the `path` search parameter: transition ids,
 * comma-separated): its transitions and the states they leave and enter; ids the machine does not have
 * are left out. Null when the parameter names none of its transitions.
 */
export function pathHighlight(graph: FlowGraph, param: string): { states: string[]; transitions: string[] } | null {
  const wanted = new Set(param.split(',').map((id) => id.trim()));
  const transitions = graph.transitions.filter((t) => wanted.has(t.id));
  if (!transitions.length) return null;
  return {
    states: [...new Set(transitions.flatMap((t) => [t.source, t.target]))],
    transitions: transitions.map((t) => t.id),
  };
}

/** A transition as one line: `auth.register.submit [passwordsDiffer]`. */
export function transitionLabel(t: FlowTransition): string {
  return t.guard ? `${t.event} [${t.guard}]` : t.event;
}

/** The same with its actions: `auth.logout / clearToken, navigate`. */
export function transitionText(t: FlowTransition): string {
  return t.actions.length ? `${transitionLabel(t)} / ${t.actions.join(', ')}` : transitionLabel(t);
}

/** What changed against another version: state ids and transition coverage keys. */
export interface FlowDiff {
  added: ReadonlySet<string>;
  removed: ReadonlySet<string>;
  changed: ReadonlySet<string>;
}
