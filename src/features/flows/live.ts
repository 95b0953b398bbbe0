/**
 * The viewer's side of the live view: listens on the app's live channel (src/app/live.ts) and
 * keeps the latest state of every running actor, in this tab and the others.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { AnyStateMachine, StateValue } from 'xstate';
import { LIVE_CHANNEL, type LiveActor, type LiveMessage } from '../../app/live';

export type { LiveActor };

/** Opens the channel the live view listens on; null where there is no live view (production, tests). */
export const LiveChannelContext = createContext<(() => BroadcastChannel) | null>(
  import.meta.env.DEV && import.meta.env.MODE !== 'test' && typeof BroadcastChannel !== 'undefined'
    ? () => new BroadcastChannel(LIVE_CHANNEL)
    : null,
);

export const useLiveAvailable = () => useContext(LiveChannelContext) !== null;

function apply(actors: ReadonlyMap<string, LiveActor>, message: LiveMessage): ReadonlyMap<string, LiveActor> {
  if (message.type === 'hello') return actors;
  const next = new Map(actors);
  if (message.type === 'gone') for (const key of message.keys) next.delete(key);
  else if (message.actor.status === 'active') next.set(message.actor.key, message.actor);
  else next.delete(message.actor.key);
  return next;
}

/** The running actors, while `on`; asks the app for their current states when it starts listening. */
export function useLiveActors(on: boolean): ReadonlyMap<string, LiveActor> {
  const open = useContext(LiveChannelContext);
  const [actors, setActors] = useState<ReadonlyMap<string, LiveActor>>(new Map());
  useEffect(() => {
    if (!on || !open) return;
    const channel = open();
    channel.addEventListener('message', (event: MessageEvent<LiveMessage>) => setActors((a) => apply(a, event.data)));
    channel.postMessage({ type: 'hello' } satisfies LiveMessage);
    return () => {
      channel.close();
      setActors(new Map());
    };
  }, [on, open]);
  return actors;
}

/** The ids of the state nodes a state value makes active (the root included), as the chart names them. */
export function activeIdsOf(machine: AnyStateMachine, value: StateValue): Set<string> {
  type Node = { id: string; states: Record<string, Node> };
  const ids = new Set<string>([machine.root.id]);
  const walk = (node: Node, v: StateValue) => {
    if (typeof v === 'string') {
      const child = node.states[v];
      if (child) ids.add(child.id);
      return;
    }
    for (const [key, sub] of Object.entries(v)) {
      const child = node.states[key];
      if (!child) continue;
      ids.add(child.id);
      if (sub !== undefined) walk(child, sub);
    }
  };
  walk(machine.root as unknown as Node, value);
  return ids;
}

/** A state value as a person reads it: leaf paths joined with dots. */
export function describeValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, sub]) =>
      sub === undefined || (typeof sub === 'object' && Object.keys(sub).length === 0)
        ? key
        : `${key}.${describeValue(sub)}`,
    )
    .join(', ');
}
