/**
 * A machine as the JSON config that Stately's editor imports and that createMachine accepts:
 * id, initial, states, on, after, always, invoke (src, id, onDone, onError), guards and actions
 * by name, tags and descriptions. Functions cannot be JSON, so parameters computed from the
 * event and inline actions are reduced to their names (`xstate.assign`).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { childrenOf, guardName } from './graph';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface TransitionLike {
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
}

/** An action's name: 'storeToken', 'xstate.assign' for an inline assign, 'inline' for a bare function. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  const a = action as { type?: unknown; name?: unknown };
  if (typeof a?.type === 'string') return a.type;
  if (typeof action === 'function' && typeof a.name === 'string' && a.name !== '') return a.name;
  return 'inline';
}

function jsonValue(value: unknown): Json | undefined {
  if (typeof value === 'function' || value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as Json;
  } catch {
    return undefined;
  }
}

function transitionJson(t: TransitionLike): JsonObject {
  const out: JsonObject = {};
  const targets = t.target ?? [];
  if (targets.length === 1) out['target'] = `#${targets[0]!.id}`;
  else if (targets.length > 1) out['target'] = targets.map((n) => `#${n.id}`);
  const guard = guardName(t.guard);
  if (guard) out['guard'] = guard;
  const actions = (t.actions ?? []).map(actionName);
  if (actions.length) out['actions'] = actions;
  if (t.reenter) out['reenter'] = true;
  return out;
}

function stateJson(node: AnyStateNode): JsonObject {
  const out: JsonObject = {};
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') out['type'] = node.type;
  if (node.type === 'history') out['history'] = (node as { history?: string }).history ?? 'shallow';
  if (node.description) out['description'] = node.description;
  if (node.tags.length) out['tags'] = [...node.tags];
  const entry = node.entry.map(actionName);
  if (entry.length) out['entry'] = entry;
  const exit = node.exit.map(actionName);
  if (exit.length) out['exit'] = exit;

  const invokeIds = new Set(node.invoke.map((i) => i.id));
  const invokes = node.invoke.map((i) => {
    const inv: JsonObject = {
      id: i.id,
      src: typeof i.src === 'string' ? i.src : ((i.src as { id?: string }).id ?? i.id),
    };
    if (i.systemId) inv['systemId'] = i.systemId;
    return inv;
  });
  const on: JsonObject = {};
  const after: JsonObject = {};
  const delays = new Map(node.after.map((a) => [a.eventType, (a as { delay: unknown }).delay]));
  for (const [eventType, list] of node.transitions) {
    const ts = list.map((t) => transitionJson(t as TransitionLike));
    const done = eventType.match(/^xstate\.(done|error)\.actor\.(.+)$/);
    if (done && invokeIds.has(done[2]!)) {
      const inv = invokes[node.invoke.findIndex((i) => i.id === done[2])]!;
      inv[done[1] === 'done' ? 'onDone' : 'onError'] = ts;
    } else if (eventType.startsWith('xstate.after.')) {
      const delay = delays.get(eventType);
      after[typeof delay === 'number' || typeof delay === 'string' ? String(delay) : eventType] = ts;
    } else if (eventType === `xstate.done.state.${node.id}`) {
      out['onDone'] = ts;
    } else {
      on[eventType] = ts;
    }
  }
  if (invokes.length) out['invoke'] = invokes;
  if (Object.keys(on).length) out['on'] = on;
  if (Object.keys(after).length) out['after'] = after;
  if (node.always?.length) out['always'] = node.always.map((t) => transitionJson(t as TransitionLike));
  const children = childrenOf(node);
  if (children.length) {
    if (node.type === 'compound') {
      const initial = ((node.initial?.target ?? []) as AnyStateNode[])[0];
      if (initial) out['initial'] = initial.key;
    }
    out['states'] = Object.fromEntries(children.map((c) => [c.key, stateJson(c)]));
  }
  return out;
}

export function machineToJson(machine: AnyStateMachine): JsonObject {
  const root = stateJson(machine.root);
  const config = machine.config as { context?: unknown; description?: unknown };
  const context = jsonValue(config.context);
  return {
    id: machine.id,
    ...(typeof config.description === 'string' ? { description: config.description } : {}),
    ...(context !== undefined ? { context } : {}),
    ...root,
  };
}
