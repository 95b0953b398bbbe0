/**
 * A live machine as plain, serialisable data for its documents and diffs: every state (kind, initial
 * child, description, what the person sees, ignored events, product rules, entry and exit actions)
 * and every transition (event, source, targets, guard and actions by the names written in the
 * machine, delay), including the eventless `always` transitions that XState's JSON leaves out.
 * Names come from the machine's config, never from `function.name` (minified in production).
 * Pure: no DOM, runs in the page and in Node.
 */
import { and, not, or, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { rulesOf, sendsOf, sightsOf, sightText, type Ignore } from '../../../src/flows/shared/meta';
import { childrenOf } from '../graph';
import { actionName } from '../machine-json';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type TransitionKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'stateDone';

export interface GraphState {
  /** The state node's id (`resetPassword.loggingIn`); the root's is the machine id. */
  id: string;
  key: string;
  /** Dotted path below the root (`signedOut.idle`); '' for the root. */
  path: string;
  parent: string | null;
  kind: StateKind;
  /** Id of the initial child of a compound state. */
  initial: string | null;
  description: string | null;
  tags: string[];
  /** What the person sees here, in words (meta `sees`). */
  sees: string[];
  /** Sent events this state (and so its descendants) drops on purpose, with the reason. */
  ignores: { events: string[]; why: string }[];
  /** Product rule IDs this state serves (meta `rules`). */
  rules: string[];
  entry: string[];
  exit: string[];
  invokes: { id: string; src: string }[];
}

export interface GraphTransition {
  /** Stable within a machine: source, event, guard and an occurrence number (see transitionKey). */
  id: string;
  source: string;
  /** Target state ids; empty for a targetless transition. */
  targets: string[];
  kind: TransitionKind;
  /** The event type as the machine handles it (`reset.submit`, `xstate.after.…`); '' for always. */
  event: string;
  /** What a reader sees: `reset.submit`, `after successPause (1000 ms)`, `done login`, `always`. */
  label: string;
  guard: string | null;
  actions: string[];
  /** The delay of an `after` transition: its name or milliseconds, with the milliseconds when known. */
  delay: { name: string | null; ms: number | null } | null;
  reenter: boolean;
}

export interface MachineGraph {
  id: string;
  description: string | null;
  /** Events the app's views and effects send the machine (root meta `sends`). */
  sends: string[];
  /** Product rules of the machine as a whole (root meta `rules`). */
  rules: string[];
  /** Every state node, the root first, in document order. */
  states: GraphState[];
  transitions: GraphTransition[];
}

type GuardLike = { type?: unknown; guards?: unknown; check?: unknown };

/** xstate's and/or/not helpers return functions that carry their operands and a shared `check`. */
const checkOf = (helper: unknown) => (helper as GuardLike).check;
const helpers = [
  ['and', checkOf(and([]))],
  ['or', checkOf(or([]))],
  ['not', checkOf(not('_'))],
] as const;

/** A guard by the name written in the machine: `isRefusal`, `or(isAdopting, isRefusal)`, `not(x)`, `inline`. */
export function guardOf(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const g = guard as GuardLike;
  if (typeof g.type === 'string') return g.type;
  const helper = helpers.find(([, check]) => check === g.check);
  if (helper && Array.isArray(g.guards))
    return `${helper[0]}(${(g.guards as unknown[]).map((x) => guardOf(x) ?? 'inline').join(', ')})`;
  return 'inline';
}

/** An action by its name: `signIn`, `assign` for an inline assign, `inline` for a bare function. */
export function actionOf(action: unknown): string {
  if (typeof action === 'function' && typeof (action as { type?: unknown }).type !== 'string') return 'inline';
  return actionName(action).replace(/^xstate\./, '');
}

/** The raise on entry and cancel on exit that XState adds for each `after` transition: drawn as the delay, not as actions. */
const delayTimer = (action: unknown) => {
  const a = action as { type?: unknown; id?: unknown; sendId?: unknown };
  const id = a.type === 'xstate.raise' ? a.id : a.type === 'xstate.cancel' ? a.sendId : undefined;
  return typeof id === 'string' && id.startsWith('xstate.after.');
};

function kindOf(eventType: string, node: AnyStateNode): { kind: TransitionKind; label: string } {
  const m = eventType.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (m) return { kind: m[1] === 'done' ? 'done' : 'error', label: `${m[1]} ${m[2]}` };
  if (eventType === `xstate.done.state.${node.id}`) return { kind: 'stateDone', label: 'done' };
  if (eventType.startsWith('xstate.after.')) return { kind: 'after', label: 'after' };
  return { kind: 'event', label: eventType };
}

interface TransitionDef {
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
}

/** The machine's graph, and each transition definition (by identity) mapped to its id, for path walks. */
export function graphWithDefinitions(machine: AnyStateMachine): {
  graph: MachineGraph;
  definitions: Map<unknown, string>;
} {
  const states: GraphState[] = [];
  const transitions: GraphTransition[] = [];
  const definitions = new Map<unknown, string>();
  const delays = (machine.implementations as { delays?: Record<string, unknown> }).delays ?? {};
  const seen = new Map<string, number>();

  const add = (
    node: AnyStateNode,
    def: TransitionDef,
    eventType: string,
    base: Omit<GraphTransition, 'id' | 'targets' | 'guard' | 'actions' | 'reenter' | 'event'>,
  ) => {
    const guard = guardOf(def.guard);
    const stem = `${node.id} ${eventType || 'always'}${guard ? ` [${guard}]` : ''}`;
    const n = seen.get(stem) ?? 0;
    seen.set(stem, n + 1);
    const id = n === 0 ? stem : `${stem} #${n + 1}`;
    definitions.set(def, id);
    transitions.push({
      id,
      ...base,
      event: eventType,
      source: node.id,
      targets: (def.target ?? []).map((t) => t.id),
      guard,
      actions: (def.actions ?? []).map(actionOf),
      reenter: def.reenter === true,
    });
  };

  const visit = (node: AnyStateNode) => {
    const initial = node.type === 'compound' ? (((node.initial?.target ?? []) as AnyStateNode[])[0]?.id ?? null) : null;
    states.push({
      id: node.id,
      key: node.key,
      path: node.path.join('.'),
      parent: node.parent?.id ?? null,
      kind: node.type,
      initial,
      description: node.description ?? null,
      tags: [...node.tags],
      sees: sightsOf(node).map(sightText),
      ignores: ((node.meta as { ignores?: readonly Ignore[] } | undefined)?.ignores ?? []).map((i) => ({
        events: [...i.events],
        why: i.why,
      })),
      rules: [...rulesOf(node)],
      entry: node.entry.filter((a) => !delayTimer(a)).map(actionOf),
      exit: node.exit.filter((a) => !delayTimer(a)).map(actionOf),
      invokes: node.invoke.map((i) => ({
        id: i.id,
        src: typeof i.src === 'string' ? i.src : ((i.src as { id?: string }).id ?? 'inline'),
      })),
    });
    const delayOf = new Map(node.after.map((a) => [a.eventType, a.delay]));
    for (const [eventType, list] of node.transitions) {
      const { kind, label } = kindOf(eventType, node);
      for (const def of list) {
        let delay: GraphTransition['delay'] = null;
        let text = label;
        if (kind === 'after') {
          const raw = delayOf.get(eventType);
          const named = typeof raw === 'string' ? raw : null;
          const value = named !== null ? delays[named] : raw;
          const ms = typeof value === 'number' ? value : null;
          delay = { name: named, ms };
          text = `after ${named ?? (ms !== null ? `${ms} ms` : 'a computed delay')}${named && ms !== null ? ` (${ms} ms)` : ''}`;
        }
        add(node, def as TransitionDef, eventType, { source: node.id, kind, label: text, delay });
      }
    }
    for (const def of node.always ?? [])
      add(node, def as TransitionDef, '', { source: node.id, kind: 'always', label: 'always', delay: null });
    childrenOf(node).forEach(visit);
  };
  visit(machine.root);

  const config = machine.config as { description?: unknown };
  return {
    graph: {
      id: machine.id,
      description: typeof config.description === 'string' ? config.description : (machine.root.description ?? null),
      sends: [...sendsOf(machine)],
      rules: [...rulesOf(machine.root)],
      states,
      transitions,
    },
    definitions,
  };
}

/** The machine as a graph of plain data (what the `json` export writes and `diffGraphs` compares). */
export const graphOf = (machine: AnyStateMachine): MachineGraph => graphWithDefinitions(machine).graph;

/** A transition in one line: `reset.submit [passwordsDiffer] / assign`. */
export function transitionText(t: GraphTransition): string {
  return `${t.label}${t.guard ? ` [${t.guard}]` : ''}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;
}

/** The states below a state, children first. */
export const childrenIn = (graph: MachineGraph, id: string): GraphState[] =>
  graph.states.filter((s) => s.parent === id);
