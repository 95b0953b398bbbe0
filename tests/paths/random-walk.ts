/**
 * The seeded random walk of a path run (`npm run test:paths -- --random --seed 7 --steps 150`): from a
 * machine's initial state, each step picks one of the events the model's samples offer there
 * (eventsOf, the same samples the planned paths come from) that the machine takes and the page can
 * send (the adapter's cannotSend), computing the next state with the machine's pure `transition`.
 * A final state or a state with nothing to pick ends the path, and the walk starts a new one from
 * the initial state; the walk stops after `steps` steps in all. The generator is a small mulberry32
 * seeded with the seed and the machine's name (the offline provider's, server/providers/media/seed.ts): the same seed gives the same walk of a machine, whichever
 * other machines run beside it.
 */
import { transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { eventsOf, initialSnapshot, pureSteps, type FlowModel } from '../flows/harness';
import type { PathAdapter, PlannedPath } from './harness';
import { rng as mulberry32 } from '../../server/providers/media/seed';

/** mulberry32, the offline provider's seeded generator: the same seed, the same sequence in [0, 1). */
export { rng as mulberry32 } from '../../server/providers/media/seed';

/** A string's 32-bit FNV-1a hash (mixes the machine's name into the seed). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Whether the machine takes `event` in `snapshot` (a transition is enabled: a guard may leave none). */
function takes(model: FlowModel, snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return model.machine.getTransitionData(snapshot as never, event as never).length > 0;
}

/**
 * The random walk of `adapter`'s machine: `steps` steps in all over the adapter's models (a restart
 * picks the model at random too), cut into paths at final states and dead ends; each path runs as a
 * planned path (runPath). Steps are counted per machine.
 */
export function randomWalk(adapter: PathAdapter, seed: number, steps: number): PlannedPath[] {
  const random = mulberry32((seed ^ hash(adapter.name)) >>> 0);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const offered = new Map(adapter.models.map((model) => [model, eventsOf(model, adapter.name)]));
  const paths: PlannedPath[] = [];
  let left = steps;
  // A walk that finds nothing to do from any initial state would never end: give up after as many tries.
  let idle = 0;
  while (left > 0 && idle < adapter.models.length * 4) {
    const model = pick(adapter.models);
    let state = initialSnapshot(model);
    const events: EventObject[] = [];
    while (left > 0 && state.status === 'active') {
      const choices = offered.get(model)!(state).filter(
        (event) => takes(model, state, event) && !adapter.cannotSend?.(event, state),
      );
      if (choices.length === 0) break;
      const event = pick(choices);
      events.push(event);
      left--;
      [state] = transition(model.machine, state as never, event as never) as unknown as [AnyMachineSnapshot];
    }
    if (events.length === 0) {
      idle++;
      continue;
    }
    idle = 0;
    paths.push({ model, path: { source: 'random', steps: pureSteps(model, events) } });
  }
  return paths;
}

/** A walk's steps as comparable data: per path, its events (types and payloads, errors by their message). */
export const walkSteps = (paths: PlannedPath[]) =>
  paths.map(
    (p) =>
      JSON.parse(
        JSON.stringify(
          p.path.steps.map((s) => s.event),
          (_k, v: unknown) => (v instanceof Error ? { error: v.message, ...v } : v),
        ),
      ) as unknown[],
  );
