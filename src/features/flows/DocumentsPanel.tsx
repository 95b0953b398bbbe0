import type { AnyStateMachine } from 'xstate';
import type { FlowDiff } from './FlowChart';
import type { FlowGraph } from './graph';

export interface DocumentsPanelProps {
  name: string;
  machine: AnyStateMachine;
  graph: FlowGraph;
  /** Colours the chart with what changed against a version the person gives (null clears it). */
  onDiff: (diff: FlowDiff | null) => void;
}

/**
 * The side panel's place for the machine's documents (downloads) and the comparison with a dropped
 * JSON export. Empty until the documents modules exist; the page already renders it and passes it
 * the way to colour the chart.
 */
export function DocumentsPanel(_props: DocumentsPanelProps) {
  return null;
}
