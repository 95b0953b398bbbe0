/**
 * A tool page's batch of prompts (RUNS-16 to RUNS-18): `useToolBatch` starts the flow (its effects:
 * src/flows/tools/tool-batch.effects.ts) beside the page's one-run flow. The batch follows that run itself
 * (its invoked `pageRun`): the balance the app tells the run, and the settings the batch shares.
 */
import type { Actor } from 'xstate';
import { toolBatchFlow, type ToolBatchFlow } from '../flows/tools/tool-batch.effects';
import type { toolBatchMachine } from '../flows/tools/tool-batch.machine';
import type { Tool } from '../catalog/tools';
import { useFlow } from './provider';

export type { ToolBatchFlow };
export type ToolBatchActor = Actor<typeof toolBatchMachine>;

/** The page's batch: it stops, aborting a start in flight, when the page goes. */
export function useToolBatch(tool: Tool<string>, flow: ToolBatchFlow = toolBatchFlow): ToolBatchActor {
  return useFlow(flow, { input: { tool } });
}
