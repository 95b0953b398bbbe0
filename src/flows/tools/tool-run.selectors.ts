/** What the tool page reads of its run besides single fields (a selector per value). */
import type { SnapshotFrom } from 'xstate';
import { buttonReady } from '../../catalog/tool-checks';
import type { ToolRunMachine } from './tool-run.machine';

/**
 * Whether the Generate button may be pressed: the run takes `tool.generate` now, and the fields
 * the definition's `button` names are filled (TOOL-11, TOOL-13: the button is disabled while they are empty).
 */
export function generateEnabled(snapshot: SnapshotFrom<ToolRunMachine>): boolean {
  return snapshot.can({ type: 'tool.generate' }) && buttonReady(snapshot.context.shape, snapshot.context);
}
