import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, setup } from 'xstate';
import { defineFlow } from '../../src/flows/shared/flow.effects';
import { useFlow } from '../../src/app/provider';

/** A flow that calls its effect as soon as it starts, like a tool run or a link check would. */
function checkOnStart(call: () => Promise<string>) {
  return setup({ actors: { call: fromPromise(call) } }).createMachine({
    initial: 'working',
    states: { working: { invoke: { src: 'call', onDone: 'done' } }, done: {} },
  });
}

/** The same machine as a flow, the shape useFlow takes. */
const flowOf = (machine: ReturnType<typeof checkOnStart>) => defineFlow(machine)(() => ({}));

describe('useFlow', () => {
  it('starts a flow once per screen under StrictMode and stops it when the screen goes', async () => {
    const call = vi.fn(async () => 'ok');
    const flow = flowOf(checkOnStart(call));
    let stopped = false;
    function FlowScreen() {
      const actor = useFlow(flow);
      actor.subscribe({ complete: () => void (stopped = true) });
      const done = useSelector(actor, (s) => s.matches('done'));
      return <p>{done ? 'done' : 'working'}</p>;
    }
    const view = render(
      <StrictMode>
        <FlowScreen />
      </StrictMode>,
    );
    expect(await screen.findByText('done')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(1);
    view.unmount();
    await waitFor(() => expect(stopped).toBe(true));
  });

  it('(useActorRef, for contrast, restarts what the flow invoked on the StrictMode remount)', async () => {
    const call = vi.fn(async () => 'ok');
    const logic = checkOnStart(call);
    function RefScreen() {
      const actor = useActorRef(logic);
      const done = useSelector(actor, (s) => s.matches('done'));
      return <p>{done ? 'done' : 'working'}</p>;
    }
    render(
      <StrictMode>
        <RefScreen />
      </StrictMode>,
    );
    expect(await screen.findByText('done')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
