/**
 * The flows page's documents panel: a chosen format downloads as a file, and an earlier graph export
 * dropped on it is compared with the live machine (onDiff gets the difference to colour the chart).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { machines } from '../../src/flows';
import { graphOf } from '../../tools/flows/documents';
import { DocumentsPanel } from '../../src/features/flows/documents/DocumentsPanel';

const machine = machines['resetPassword']!;

afterEach(() => vi.restoreAllMocks());

describe('documents panel', () => {
  it('downloads the chosen document', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:doc';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<DocumentsPanel machine={machine} />);
    expect(screen.queryByRole('option', { name: 'Stories (Markdown)' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'mermaid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(blobs[0]!.type).toBe('text/vnd.mermaid');
    expect(await blobs[0]!.text()).toMatch(/^stateDiagram-v2/);
  });

  it('compares a dropped graph export with the machine', async () => {
    const onDiff = vi.fn();
    render(<DocumentsPanel machine={machine} onDiff={onDiff} />);
    const before = graphOf(machine);
    // The earlier version had no loginFailed state (nor its two transitions).
    before.states = before.states.filter((s) => s.key !== 'loginFailed');
    before.transitions = before.transitions.filter(
      (t) => t.source !== 'resetPassword.loginFailed' && !t.targets.includes('resetPassword.loginFailed'),
    );
    const file = new File([JSON.stringify(before)], 'old.graph.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText('Graph JSON to compare with'), { target: { files: [file] } });
    await screen.findByText(/Since that version: 1 state added, 2 transitions added\./);
    const [diff] = onDiff.mock.calls[0]!;
    expect(diff.states.added.map((s: { id: string }) => s.id)).toEqual(['resetPassword.loginFailed']);

    const other = new File([JSON.stringify(graphOf(machines['sidebar']!))], 'sidebar.json');
    fireEvent.change(screen.getByLabelText('Graph JSON to compare with'), { target: { files: [other] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This graph is of sidebar, not resetPassword.');
  });
});
