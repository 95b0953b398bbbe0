/**
 * Runs a registered machine with inert effects so a person can step through it: every named
 * actor is a promise that waits for "done" or "error" from the page, every named action (other
 * than xstate's own assign/raise/sendTo…) does nothing but add a line to the effects log, and
 * time is a SimulatedClock that only moves when the person fires a delayed transition.
 */
import {
  SimulatedClock,
  createActor,
  type Actor,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';

export interface PendingActor {
  /** The invoke id (also the child's key in snapshot.children). */
  id: string;
  src: string;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface EffectEntry {
  n: number;
  action: string;
  params: unknown;
}

export interface PendingDelay {
  /** The state the `after` transition leaves. */
  source: string;
  /** The delay's name or its milliseconds. */
  delay: string | number;
  ms: number | null;
}

/** One step the person took, kept so the run can be replayed up to any of them. */
export type Step =
  | { kind: 'event'; event: { type: string } }
  | { kind: 'settle'; id: string; src: string; outcome: 'done' | 'error'; value: unknown }
  | { kind: 'delay'; ms: number | null; label: string };

export function stepText(step: Step): string {
  if (step.kind === 'event') return `sent ${step.event.type}`;
  if (step.kind === 'settle') return `${step.src} ${step.outcome === 'done' ? 'answered' : 'failed'}`;
  return `after ${step.label}`;
}

type Impl = { type?: unknown };
type Implementations = {
  actors: Record<string, unknown>;
  actions: Record<string, unknown>;
  delays: Record<string, unknown>;
};

const isBuiltIn = (impl: unknown) =>
  typeof (impl as Impl)?.type === 'string' && String((impl as Impl).type).startsWith('xstate.');

export class InertRun {
  clock = new SimulatedClock();
  readonly effects: EffectEntry[] = [];
  /** The steps taken since the start, in order. */
  readonly steps: Step[] = [];
  private pending = new Map<AnyActorRef, PendingActor>();
  private listeners = new Set<() => void>();
  private version = 0;
  private counter = 0;
  private inert: AnyStateMachine;
  private started = false;
  actor: Actor<AnyStateMachine>;

  constructor(
    readonly machine: AnyStateMachine,
    private readonly input: unknown,
  ) {
    const impl = machine.implementations as unknown as Implementations;
    const actors = Object.fromEntries(
      Object.keys(impl.actors).map((src) => [
        src,
        fromPromise<unknown, unknown>(
          ({ input: actorInput, self }) =>
            new Promise((resolve, reject) => {
              this.pending.set(self, { id: self.id, src, input: actorInput, resolve, reject });
              this.changed();
            }),
        ),
      ]),
    );
    const actions = Object.fromEntries(
      Object.entries(impl.actions)
        .filter(([, a]) => !isBuiltIn(a))
        .map(([name]) => [
          name,
          (_: unknown, params: unknown) => {
            this.effects.push({ n: ++this.counter, action: name, params: params ?? null });
          },
        ]),
    );
    this.inert = machine.provide({ actors, actions } as never) as AnyStateMachine;
    this.actor = this.create();
  }

  private create(): Actor<AnyStateMachine> {
    const actor = createActor(this.inert, { clock: this.clock, input: this.input as never });
    actor.subscribe({ next: () => this.changed(), error: () => this.changed() });
    return actor;
  }

  /** Starts the run; a run started before (React's strict mode re-runs effects) starts afresh. */
  start(): this {
    if (this.started) {
      this.actor.stop();
      this.pending.clear();
      this.effects.length = 0;
      this.steps.length = 0;
      this.clock = new SimulatedClock();
      this.actor = this.create();
    }
    this.started = true;
    this.actor.start();
    this.changed();
    return this;
  }

  stop(): void {
    this.actor.stop();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  private changed() {
    this.version++;
    for (const l of this.listeners) l();
  }

  get snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  /** Ids of the active state nodes, the root included. */
  activeIds(): Set<string> {
    return new Set(activeNodes(this.snapshot).map((n) => n.id));
  }

  /** The invoked actors still waiting for the person (children that left are dropped). */
  pendingActors(): PendingActor[] {
    const live = new Set(Object.values(this.snapshot.children ?? {}) as AnyActorRef[]);
    return [...this.pending].filter(([ref]) => live.has(ref)).map(([, p]) => p);
  }

  settle(id: string, outcome: 'done' | 'error', value: unknown): void {
    for (const [ref, p] of this.pending) {
      if (p.id !== id) continue;
      this.steps.push({ kind: 'settle', id, src: p.src, outcome, value });
      this.pending.delete(ref);
      if (outcome === 'done') p.resolve(value);
      else p.reject(value);
    }
    this.changed();
  }

  /** Event types the active states handle, xstate's own (done, after) left to the panels. */
  eventTypes(): string[] {
    const types = new Set<string>();
    for (const node of activeNodes(this.snapshot))
      for (const e of node.ownEvents as string[]) if (!e.startsWith('xstate.')) types.add(e);
    return [...types].sort();
  }

  pendingDelays(): PendingDelay[] {
    const impl = this.machine.implementations as unknown as Implementations;
    return activeNodes(this.snapshot).flatMap((node) =>
      node.after.map((a) => {
        const raw = (a as { delay: unknown }).delay;
        const named = typeof raw === 'string' ? impl.delays[raw] : raw;
        return {
          source: node.id,
          delay: typeof raw === 'number' || typeof raw === 'string' ? raw : 'inline',
          ms: typeof named === 'number' ? named : null,
        };
      }),
    );
  }

  /** Moves the simulated clock far enough for every timer of `ms` (or the next timer) to fire. */
  advance(ms: number | null, label = ms === null ? 'the next delay' : `${ms} ms`): void {
    const timeouts = (this.clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
    const ends = [...timeouts.values()].filter((t) => ms === null || t.timeout === ms).map((t) => t.start + t.timeout);
    if (ends.length === 0) return;
    this.steps.push({ kind: 'delay', ms, label });
    this.clock.set(Math.max(this.clock.now(), Math.min(...ends)));
    this.changed();
  }

  send(event: { type: string }): void {
    this.steps.push({ kind: 'event', event });
    this.actor.send(event);
  }

  /** Takes `steps` again from the start (jumping back in the log), letting each actor's answer land before the next. */
  async replay(steps: readonly Step[]): Promise<void> {
    const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    await settled();
    for (const step of steps) {
      if (step.kind === 'event') this.send(step.event);
      else if (step.kind === 'settle') this.settle(step.id, step.outcome, step.value);
      else this.advance(step.ms, step.label);
      await settled();
    }
    this.changed();
  }
}

export function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : 'Invalid JSON' };
  }
}
