/** The chart colours a diff it is given: added states and transitions green, removed red dashed, changed amber. */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { machines } from '../../src/flows';
import { FlowChart } from '../../src/features/flows/FlowChart';
import type { FlowDiff } from '../../tools/flows/graph';
import * as styles from '../../src/features/flows/FlowChart.css';
import { toFlowGraph } from '../../tools/flows/graph';
import { layoutFlow } from '../../tools/flows/layout';

describe('flows chart diff colouring', () => {
  it('marks the states and transitions of a hand-made diff, and nothing else', async () => {
    const graph = toFlowGraph(machines['verifyEmail']!);
    const layout = await layoutFlow(graph);
    const [first, second, third] = graph.transitions;
    const diff: FlowDiff = {
      added: new Set(['verifyEmail.success', first!.coverageKey]),
      removed: new Set([second!.coverageKey]),
      changed: new Set(['verifyEmail.idle', third!.coverageKey]),
    };
    const { container } = render(
      <FlowChart
        graph={graph}
        layout={layout}
        active={new Set()}
        selected={null}
        missing={null}
        onSelect={() => {}}
        diff={diff}
      />,
    );
    const marked = (kind: string) =>
      [...container.querySelectorAll(`[data-diff="${kind}"]`)]
        .map((e) => e.getAttribute('data-state') ?? e.getAttribute('data-transition'))
        .sort();
    expect(marked('added')).toEqual(['verifyEmail.success', first!.coverageKey].sort());
    expect(marked('removed')).toEqual([second!.coverageKey]);
    expect(marked('changed')).toEqual(['verifyEmail.idle', third!.coverageKey].sort());
    // The edges' lines carry the colour classes (verifyEmail draws each of these transitions on a line of its own).
    const line = (key: string) =>
      container.querySelector(`[data-transition="${key}"]`)!.closest('[data-edge-group]')!.querySelector('path')!;
    expect(line(first!.coverageKey).getAttribute('class')).toContain(styles.added);
    expect(line(second!.coverageKey).getAttribute('class')).toContain(styles.removed);
    expect(line(third!.coverageKey).getAttribute('class')).toContain(styles.changed);

    // Without a diff nothing is marked.
    const plain = render(
      <FlowChart graph={graph} layout={layout} active={new Set()} selected={null} missing={null} onSelect={() => {}} />,
    );
    expect(plain.container.querySelectorAll('[data-diff]')).toHaveLength(0);
  }, 60_000);
});
