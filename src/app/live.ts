/**
 * Live view of the flows (development builds only): every state machine actor the app runs posts
 * its state on a BroadcastChannel, so the /flows viewer — in this tab or another one — can show a
 * real flow moving while a person uses the app. Production builds compile this to nothing: the
 * inspector is `undefined` there and the bundler drops the channel code.
 */
import type { AnyActorRef, InspectionEvent, StateValue } from 'xstate';

export const LIVE_CHANNEL = 'atelier:flows-live';

/** One running actor as the viewer sees it. */
export interface LiveActor {
  /** Unique across tabs: the tab's id and the actor's session id. */
  key: string;
  tab: string;
  /** The machine's id (its registry entry has the same id). */
  machineId: string;
  /** The actor's system id, when it has one (session, theme, sidebar). */
  systemId: string | null;
  value: StateValue;
  status: 'active' | 'done' | 'error' | 'stopped';
  at: number;
}

export type LiveMessage = { type: 'snapshot'; actor: LiveActor } | { type: 'hello' } | { type: 'gone'; keys: string[] };

interface MachineLike {
  id: string;
  root: unknown;
}

const isMachine = (logic: unknown): logic is MachineLike =>
  typeof logic === 'object' && logic !== null && 'root' in logic && typeof (logic as MachineLike).id === 'string';

/**
 * An inspector that posts each machine snapshot to `channel`. Answers a viewer's 'hello' with the
 * latest state of every actor still running, and says 'gone' when the page goes away.
 */
export function createLiveInspector(channel: BroadcastChannel, tab: string): (event: InspectionEvent) => void {
  const latest = new Map<string, LiveActor>();
  channel.addEventListener('message', (event: MessageEvent<LiveMessage>) => {
    if (event.data?.type !== 'hello') return;
    for (const actor of latest.values()) channel.postMessage({ type: 'snapshot', actor } satisfies LiveMessage);
  });
  globalThis.addEventListener?.('pagehide', () =>
    channel.postMessage({ type: 'gone', keys: [...latest.keys()] } satisfies LiveMessage),
  );
  return (event) => {
    if (event.type !== '@xstate.snapshot') return;
    const ref = event.actorRef as AnyActorRef & { logic?: unknown; systemId?: string };
    if (!isMachine(ref.logic)) return;
    const snapshot = event.snapshot as { value?: StateValue; status: LiveActor['status'] };
    if (snapshot.value === undefined) return;
    const actor: LiveActor = {
      key: `${tab}:${ref.sessionId}`,
      tab,
      machineId: ref.logic.id,
      systemId: ref.systemId ?? null,
      value: snapshot.value,
      status: snapshot.status,
      at: Date.now(),
    };
    if (actor.status === 'active') latest.set(actor.key, actor);
    else latest.delete(actor.key);
    channel.postMessage({ type: 'snapshot', actor } satisfies LiveMessage);
  };
}

function devInspector(): ((event: InspectionEvent) => void) | undefined {
  if (typeof BroadcastChannel === 'undefined' || typeof crypto?.randomUUID !== 'function') return undefined;
  return createLiveInspector(new BroadcastChannel(LIVE_CHANNEL), crypto.randomUUID().slice(0, 8));
}

/**
 * The live inspector of one app: its channel opens when the app is made (create-app.ts) and belongs to
 * that app's actor system, not to this module. Undefined outside development builds.
 */
export function createLiveInspect(): ((event: InspectionEvent) => void) | undefined {
  return import.meta.env.DEV && import.meta.env.MODE !== 'test' ? devInspector() : undefined;
}
