/**
 * A tool page's batch of prompts (RUNS-16 to RUNS-18): `useToolBatch` starts the flow (its effects:
 * src/flows/tools/tool-batch.effects.ts) beside the page's one-run flow, whose settings the batch shares.
 */
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { balanceIn, type SessionActor } from '../flows/session/session.effects';
import { sharedInput, toolBatchFlow, type ToolBatchFlow } from '../flows/tools/tool-batch.effects';
import type { toolBatchMachine } from '../flows/tools/tool-batch.machine';
import type { Tool } from '../catalog/tools';
import { useFlow, useSession } from './provider';
import type { ToolRunActor } from './tools';

export type { ToolBatchFlow };
export { sharedInput, toolBatchFlow };
export type ToolBatchActor = Actor<typeof toolBatchMachine>;

const balanceOf = (session: SessionActor) => balanceIn(session.getSnapshot());

/**
 * The page's batch: started with the session's view and the run's settings, and kept in step with both
 * (`batch.balance`, `batch.shared`); it stops, aborting a start in flight, when the page goes.
 */
export function useToolBatch(
  tool: Tool<string>,
  run: ToolRunActor,
  flow: ToolBatchFlow = toolBatchFlow,
): ToolBatchActor {
  const session = useSession();
  const batch = useFlow(flow, {
    input: { tool, ...balanceOf(session), shared: sharedInput(run.getSnapshot().context) },
  });
  useEffect(() => {
    let balance = balanceOf(session);
    let shared = JSON.stringify(sharedInput(run.getSnapshot().context));
    batch.send({ type: 'batch.balance', ...balance });
    const fromSession = session.subscribe(() => {
      const next = balanceOf(session);
      if (next.signedIn === balance.signedIn && next.credits === balance.credits) return;
      balance = next;
      batch.send({ type: 'batch.balance', ...next });
    });
    const fromRun = run.subscribe((snapshot) => {
      const input = sharedInput(snapshot.context);
      const next = JSON.stringify(input);
      if (next === shared) return;
      shared = next;
      batch.send({ type: 'batch.shared', input });
    });
    return () => {
      fromSession.unsubscribe();
      fromRun.unsubscribe();
    };
  }, [batch, run, session]);
  return batch;
}

export { costLine, shortfall, startedText } from '../flows/tools/tool-batch.types';
