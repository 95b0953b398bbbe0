/**
 * The step panel's greyed events say which guard keeps them and what it checks (the machine's `guards`
 * facts, else the guard's name in words), and an actor's input or output reads field by field.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { machines } from '../../src/flows';
import { InertRun, parseJson } from '../../src/features/flows/inert';
import { exampleInputText, machineInput } from '../../src/features/flows/examples';
import { blockingGuards, guardText } from '../../src/features/flows/guards';
import { FieldList } from '../../src/features/flows/FieldList';

function toolRunAtStart() {
  const typed = parseJson(exampleInputText('toolRun'));
  const input = machineInput('toolRun', typed.ok ? typed.value : {});
  const run = new InertRun(machines['toolRun']!, input.ok ? input.value : {});
  run.start();
  return run;
}

describe('why an event is greyed out', () => {
  it('names the guard of the blocked transition with what it checks', () => {
    const run = toolRunAtStart();
    expect(run.snapshot.can({ type: 'tool.prompt.clear' } as never)).toBe(false);
    expect(blockingGuards(run.machine, run.snapshot, 'tool.prompt.clear')).toEqual([
      { guard: 'hasPrompt', why: 'a prompt is typed' },
    ]);
    run.stop();
  });

  it('says an undescribed guard by its name in words, and composite guards by their parts', () => {
    expect(guardText('hasPoseImage', {})).toBe('has pose image');
    expect(guardText('not(hasPrompt)', { hasPrompt: 'a prompt is typed' })).toBe('not: a prompt is typed');
    expect(guardText('or(isAdopting, isRefusal)', { isRefusal: 'the server refused' })).toBe(
      'is adopting or the server refused',
    );
  });
});

describe('an actor input as fields', () => {
  it('lists each field by name, nested values folded with their JSON', () => {
    const { container } = render(
      <FieldList value={{ tool: 'text-to-image', prompt: 'a cat', body: { seed: 3 } }} label="Input of request" />,
    );
    const list = container.querySelector('dl')!;
    const names = [...list.querySelectorAll('dt')].map((d) => d.textContent);
    expect(names).toEqual(['tool', 'prompt', 'body']);
    expect(within(list).getByText('"a cat"')).toBeInTheDocument();
    expect(screen.getByText('object, 1 field').closest('details')).not.toHaveAttribute('open');
    expect(list.querySelector('pre')!.textContent).toBe(JSON.stringify({ seed: 3 }, null, 2));
  });

  it('shows a value that is not an object as it is', () => {
    render(<FieldList value="boom" label="Output of request" />);
    expect(screen.getByText('"boom"')).toBeInTheDocument();
  });
});
