import type { AnyStateMachine } from 'xstate';
import { DocumentsPanel as Documents } from './documents/DocumentsPanel';
import type { MachineDiff } from '../../../tools/flows/documents/diff';
import type { GraphTransition } from '../../../tools/flows/documents/model';
import type { FlowDiff, FlowGraph } from '../../../tools/flows/graph';

export interface DocumentsPanelProps {
  name: string;
  machine: AnyStateMachine;
  graph: FlowGraph;
  /** Colours the chart with what changed against a version the person gives (null clears it). */
  onDiff: (diff: FlowDiff | null) => void;
}

/** The chart's keys of a transition of the documents' graph: one per target, as graph.ts writes them. */
const chartKeys = (t: GraphTransition): string[] =>
  (t.targets.length > 0 ? t.targets : [t.source]).map(
    (target) => `${t.source} --${t.kind === 'always' ? '(always)' : t.event}--> ${target}`,
  );

/** What changed, as the chart's state ids and transition keys. */
export function chartDiff(diff: MachineDiff): FlowDiff {
  return {
    added: new Set([...diff.states.added.map((s) => s.id), ...diff.transitions.added.flatMap(chartKeys)]),
    removed: new Set([...diff.states.removed.map((s) => s.id), ...diff.transitions.removed.flatMap(chartKeys)]),
    changed: new Set([
      ...diff.states.changed.map((c) => c.after.id),
      ...diff.transitions.changed.flatMap((c) => chartKeys(c.after)),
    ]),
  };
}

/**
 * The side panel's documents: downloads of the machine in every format but stories (which need the
 * test models), and a drop for an earlier graph export whose difference colours the chart.
 */
export function DocumentsPanel({ machine, onDiff }: DocumentsPanelProps) {
  return <Documents machine={machine} onDiff={(diff) => onDiff(diff ? chartDiff(diff) : null)} />;
}
