/**
 * The flows viewer's chart as a reading and stepping surface: guards by the names the machine writes,
 * actions and delays in the labels, events sent by a click on their edge, and the example input that
 * lets toolRun start.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { machines } from '../../src/flows';
import { exampleInputs, machineInput } from '../../src/features/flows/examples';
import { toFlowGraph, transitionText } from '../../tools/flows/graph';
import { renderFlows } from './router-harness';

describe('flows viewer canvas', () => {
  it('names a composite guard as the machine writes it, and shows actions and named delays', () => {
    const session = toFlowGraph(machines['session']!);
    expect(session.transitions.map((t) => t.guard)).toContain('or(isAdopting, isRefusal)');
    const texts = session.transitions.map(transitionText);
    expect(texts.some((t) => / \/ .*assign/.test(t))).toBe(true);
    expect(texts.some((t) => /^after registerNotice \(\d+ ms\)/.test(t))).toBe(true);
  });

  it('sends an event when its edge is clicked on the canvas, where the current state takes it', async () => {
    const { container } = renderFlows('/flows/changeEmail');
    await screen.findByRole('img', { name: /Statechart of changeEmail/ }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('current-state')).toHaveTextContent('closed'));
    const open = await waitFor(() => {
      const part = container.querySelector('[data-sendable][data-transition*="--email.open-->"]');
      expect(part).not.toBeNull();
      return part!;
    });
    fireEvent.click(open.querySelector('text')!);
    await waitFor(() => expect(screen.getByTestId('current-state')).toHaveTextContent('editing'));
    expect(screen.getByRole('list', { name: 'Steps taken' })).toHaveTextContent('sent email.open');
  });

  it('gives toolRun a catalogue tool from its example input, and says so for an unknown one', () => {
    const given = machineInput('toolRun', exampleInputs['toolRun']);
    expect(given.ok && (given.value as { tool: { key: string } }).tool.key).toBe('text-to-image');
    const unknown = machineInput('toolRun', { tool: 'no-such-tool' });
    expect(unknown.ok).toBe(false);
  });
});
