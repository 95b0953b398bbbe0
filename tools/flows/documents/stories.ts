/**
 * Stories of a machine: one per transition, the shortest planned path that walks it (the path
 * tests' own paths, model-paths.ts flowPaths), told as numbered Given/When/Then steps and grouped
 * by the state the transition leads to. Which transitions a step takes comes from the machine
 * (getTransitionData for the event, the microsteps for the eventless ones that follow).
 */
import {
  getInitialMicrosteps,
  getMicrosteps,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import { flowPaths, initialSnapshot, pureSteps, type FlowModel } from './model-paths';
import { graphWithDefinitions, transitionText, type GraphTransition, type MachineGraph } from './model';

export interface Story {
  transition: GraphTransition;
  /** The model the story was planned on (its index in the list given). */
  model: number;
  /** The events from the initial state; the last one walks the transition (none for an eventless start). */
  events: EventObject[];
}

const nodesOf = (snapshot: AnyMachineSnapshot) => (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;

/** The eventless transitions taken between microsteps: source active before, targets entered after. */
function eventlessTaken(microsteps: AnyMachineSnapshot[]): unknown[] {
  const out: unknown[] = [];
  for (let i = 1; i < microsteps.length; i++) {
    const before = nodesOf(microsteps[i - 1]!);
    const after = nodesOf(microsteps[i]!);
    for (const node of before)
      for (const t of node.always ?? []) {
        const targets = t.target ?? [];
        if (targets.length && targets.every((n) => after.includes(n) && !before.includes(n))) out.push(t);
      }
  }
  return out;
}

/** For each transition of the machine, the shortest path (over all models) that walks it. */
export function storiesOf(
  machine: AnyStateMachine,
  models: readonly FlowModel[],
): { graph: MachineGraph; stories: Story[] } {
  const { graph, definitions } = graphWithDefinitions(machine);
  const best = new Map<string, Story>();
  const offer = (defs: unknown[], model: number, events: EventObject[]) => {
    for (const def of defs) {
      const id = definitions.get(def);
      const current = id === undefined ? undefined : best.get(id);
      if (id === undefined || (current && current.events.length <= events.length)) continue;
      best.set(id, { transition: graph.transitions.find((t) => t.id === id)!, model, events });
    }
  };
  models.forEach((model, index) => {
    const initial = getInitialMicrosteps(machine, model.input as never).map(([s]) => s as AnyMachineSnapshot);
    offer(eventlessTaken(initial), index, []);
    for (const path of flowPaths(model, machine.id)) {
      let before = initialSnapshot(model);
      path.steps.forEach((step, i) => {
        const events = path.steps.slice(0, i + 1).map((s) => s.event);
        offer(machine.getTransitionData(before as never, step.event as never), index, events);
        const micro = getMicrosteps(machine, before as never, step.event as never).map(
          ([s]) => s as AnyMachineSnapshot,
        );
        offer(eventlessTaken([before, ...micro]), index, events);
        before = step.state;
      });
    }
  });
  const order = new Map(graph.transitions.map((t, i) => [t.id, i]));
  return {
    graph,
    stories: [...best.values()].sort((a, b) => order.get(a.transition.id)! - order.get(b.transition.id)!),
  };
}

const brief = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** An event as a step: `the person sends reset.submit (newPassword "secret1")`, `the login request fails`. */
export function eventText(event: EventObject): string {
  const m = event.type.match(/^xstate\.(done|error)\.actor\.(.+)$/);
  if (m) {
    const payload = m[1] === 'done' ? (event as { output?: unknown }).output : (event as { error?: unknown }).error;
    return `${m[2]} ${m[1] === 'done' ? 'succeeds' : 'fails'}${payload === undefined ? '' : ` with ${brief(payload)}`}`;
  }
  const after = event.type.match(/^xstate\.after\.(.+?)\.(.+)$/);
  if (after) return `the ${after[1]} delay passes`;
  const fields = Object.entries(event).filter(([k]) => k !== 'type');
  return `${event.type} is sent${fields.length ? ` (${fields.map(([k, v]) => `${k} ${brief(v)}`).join(', ')})` : ''}`;
}

/** The leaf states a snapshot is in, by path, with what the person sees there. */
function whereText(graph: MachineGraph, snapshot: AnyMachineSnapshot): string {
  const nodes = nodesOf(snapshot).filter((n) => n.type !== 'compound' && n.type !== 'parallel');
  return nodes
    .map((n) => {
      const s = graph.states.find((x) => x.id === n.id);
      const sees = s?.sees.length ? ` (the person sees ${s.sees.join('; ')})` : '';
      return `${n.path.join('.')}${sees}`;
    })
    .join(' and ');
}

export function storiesMarkdown(machine: AnyStateMachine, models: readonly FlowModel[]): string {
  const { graph, stories } = storiesOf(machine, models);
  const name = (id: string) => graph.states.find((s) => s.id === id)?.path || id;
  const groups = new Map<string, Story[]>();
  for (const s of stories) {
    const key = s.transition.targets.map(name).join(' and ') || `${name(s.transition.source)} (stays)`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const out = [`# Stories of ${graph.id}`, '', graph.description ?? '', ''];
  out.push(`${stories.length} stories for ${graph.transitions.length} transitions.`, '');
  const missing = graph.transitions.filter((t) => !stories.some((s) => s.transition.id === t.id));
  let n = 0;
  for (const [target, list] of groups) {
    out.push(`## Reaching ${target}`, '');
    for (const story of list) {
      const t = story.transition;
      const move = t.targets.length ? `${name(t.source)} → ${target}` : `${name(t.source)} stays`;
      out.push(`### Story ${++n}: ${move} on ${transitionText(t)}`, '');
      const model = models[story.model]!;
      const input = model.input === undefined ? '' : ` with input ${brief(model.input)}`;
      const steps = [`Given the flow starts${input} in ${whereText(graph, initialSnapshot(model))}`];
      for (const step of pureSteps(model, story.events))
        steps.push(`When ${eventText(step.event)}`, `Then it is in ${whereText(graph, step.state)}`);
      out.push(...steps.map((s, i) => `${i + 1}. ${s}`), '');
    }
  }
  if (missing.length) {
    out.push('## Not walked by any planned path', '');
    for (const t of missing) out.push(`- ${name(t.source)}: ${transitionText(t)}`);
    out.push('');
  }
  return out.join('\n');
}
