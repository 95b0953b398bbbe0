/**
 * The prompt tools' views (PROMPT-3 to PROMPT-5, ENHANCE-1 to ENHANCE-4) with fake effects: Enhance and Undo
 * write to the page's run, Recent prompts (button and ↑) and Styles fill the field, Save as style… sends its
 * form, and Settings' Clear prompt history asks first.
 */
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { assign, createActor, createMachine, fromPromise } from 'xstate';
import type { ToolRunActor } from '../../../src/app/tools';
import type { EnhanceAnswer, PromptStyle, PromptStyleBody } from '../../../src/api/schemas';
import { EnhanceTools, PromptMenus } from '../../../src/features/tools/PromptTools';
import { PromptHistorySection } from '../../../src/features/account/PromptHistorySection';
import { defineFlow } from '../../../src/flows/shared/flow.effects';
import { clearPromptHistoryMachine } from '../../../src/flows/prompts/clear-prompt-history.machine';
import { enhanceMachine } from '../../../src/flows/prompts/enhance.machine';
import { promptHistoryMachine } from '../../../src/flows/prompts/prompt-history.machine';
import { promptStylesMachine } from '../../../src/flows/prompts/prompt-styles.machine';
import { cinematic, offlineSuggestion, recentPrompts } from '../../../src/flows/prompts/prompts.examples';
import { renderInApp } from './helpers';

/** A stand-in for the page's run: the field's text, its form open, and `tool.prompt`. */
function fakeRun() {
  const machine = createMachine({
    types: {} as {
      context: { prompt: string; tool: { key: string } };
      events: { type: 'tool.prompt'; prompt: string };
    },
    context: { prompt: '', tool: { key: 'text-to-image' } },
    initial: 'form',
    states: {
      form: { tags: ['form'], on: { 'tool.prompt': { actions: assign({ prompt: ({ event }) => event.prompt }) } } },
    },
  });
  const actor = createActor(machine).start();
  return { run: actor as unknown as ToolRunActor, prompt: () => actor.getSnapshot().context.prompt, actor };
}

const fill = (run: ReturnType<typeof fakeRun>, prompt: string) => run.actor.send({ type: 'tool.prompt', prompt });

describe('Enhance prompt', () => {
  it('ENHANCE-1, ENHANCE-2, ENHANCE-4: the suggestion fills the field, labelled offline; Undo puts back what was typed', async () => {
    const enhancePrompt = vi.fn(
      async (_args: { input: { toolKey: string; prompt: string } }): Promise<EnhanceAnswer> => offlineSuggestion,
    );
    const flow = defineFlow(enhanceMachine)(() => ({
      actors: { enhancePrompt: fromPromise(enhancePrompt) },
      actions: { fillPrompt: ({ context }, { prompt }) => context.target.send({ type: 'tool.prompt', prompt }) },
    }));
    const page = fakeRun();
    fill(page, 'a red fox');
    renderInApp(<EnhanceTools run={page.run} toolKey="text-to-image" flow={flow} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enhance' }));
    await screen.findByText('Offline suggestion');
    expect(enhancePrompt.mock.calls[0]![0]).toMatchObject({ input: { toolKey: 'text-to-image', prompt: 'a red fox' } });
    expect(page.prompt()).toBe(offlineSuggestion.prompt);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(page.prompt()).toBe('a red fox');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    // Nothing to enhance in an empty field.
    act(() => fill(page, '  '));
    expect((screen.getByRole('button', { name: 'Enhance' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ENHANCE-3: the limit’s message shows beside the button', async () => {
    const limited = 'Too many prompt enhancements. Please try again in 12 minutes.';
    const flow = defineFlow(enhanceMachine)(() => ({
      actors: {
        enhancePrompt: fromPromise(async (): Promise<EnhanceAnswer> => {
          throw Object.assign(new Error(limited), { status: 429 });
        }),
      },
    }));
    const page = fakeRun();
    fill(page, 'a red fox');
    renderInApp(<EnhanceTools run={page.run} toolKey="text-to-image" flow={flow} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enhance' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limited);
    expect(page.prompt()).toBe('a red fox');
  });
});

function Menus({ run, logic }: { run: ToolRunActor; logic: ReturnType<typeof menuLogic> }) {
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <textarea ref={field} aria-label="Prompt" value="" readOnly />
      <PromptMenus
        run={run}
        toolKey="text-to-image"
        field={field}
        historyFlow={logic.historyFlow}
        stylesFlow={logic.stylesFlow}
      />
    </>
  );
}

function menuLogic() {
  const listPromptHistory = vi.fn(async (_args: { input: { toolKey: string; q: string } }) => recentPrompts);
  const createPromptStyle = vi.fn(async ({ input }: { input: PromptStyleBody }): Promise<PromptStyle> => ({
    id: 'new',
    ...input,
  }));
  const fillPrompt = (
    { context }: { context: { target: { send: (e: never) => void } } },
    { prompt }: { prompt: string },
  ) => context.target.send({ type: 'tool.prompt', prompt } as never);
  return {
    listPromptHistory,
    createPromptStyle,
    historyFlow: defineFlow(promptHistoryMachine)(() => ({
      actors: { listPromptHistory: fromPromise(listPromptHistory) },
      actions: { fillPrompt },
    })),
    stylesFlow: defineFlow(promptStylesMachine)(() => ({
      actors: {
        listPromptStyles: fromPromise(async () => ({ styles: [cinematic] })),
        createPromptStyle: fromPromise(createPromptStyle),
      },
      actions: { fillPrompt },
    })),
  };
}

describe('Recent prompts and styles', () => {
  it('PROMPT-4: the menu lists the tool’s prompts, searches them, and a choice fills the field; ↑ in an empty field opens it', async () => {
    const page = fakeRun();
    const logic = menuLogic();
    renderInApp(<Menus run={page.run} logic={logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Recent prompts' }));
    const menu = await screen.findByRole('dialog', { name: 'Recent prompts' });
    await within(menu).findByRole('option', { name: 'a red fox' });
    fireEvent.change(within(menu).getByRole('searchbox', { name: 'Search recent prompts' }), {
      target: { value: 'fox' },
    });
    await waitFor(() => expect(logic.listPromptHistory).toHaveBeenCalledTimes(2));
    expect(logic.listPromptHistory.mock.calls[1]![0]).toMatchObject({ input: { toolKey: 'text-to-image', q: 'fox' } });
    fireEvent.click(await within(menu).findByRole('option', { name: 'a red fox' }));
    expect(page.prompt()).toBe('a red fox');
    expect(screen.queryByRole('dialog', { name: 'Recent prompts' })).toBeNull();

    fireEvent.keyDown(screen.getByLabelText('Prompt'), { key: 'ArrowUp' });
    await screen.findByRole('dialog', { name: 'Recent prompts' });
  });

  it('PROMPT-5: a chosen style shows the final prompt and Apply fills it; Save as style… sends the dialog’s form', async () => {
    const page = fakeRun();
    const logic = menuLogic();
    fill(page, 'a red fox');
    renderInApp(<Menus run={page.run} logic={logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Styles' }));
    const menu = await screen.findByRole('dialog', { name: 'Styles' });
    fireEvent.click(await within(menu).findByRole('option', { name: /Cinematic/ }));
    expect(screen.getByText('Final prompt: cinematic still of a red fox')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(page.prompt()).toBe('cinematic still of a red fox');

    fireEvent.click(screen.getByRole('button', { name: 'Save as style…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as style' });
    expect((within(dialog).getByLabelText('Template') as HTMLTextAreaElement).value).toBe(
      '{prompt}, cinematic still of a red fox',
    );
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Still' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save style' }));
    await screen.findByText('Style saved');
    expect(logic.createPromptStyle.mock.calls[0]![0]).toMatchObject({
      input: { name: 'Still', template: '{prompt}, cinematic still of a red fox' },
    });
  });
});

describe('Settings › Prompt history', () => {
  it('PROMPT-3: Clear prompt history asks first, then says it is cleared', async () => {
    const clear = vi.fn(async (): Promise<unknown> => ({ cleared: 2, message: 'Prompt history cleared' }));
    const logic = defineFlow(clearPromptHistoryMachine)(() => ({ actors: { clearPromptHistory: fromPromise(clear) } }));
    renderInApp(<PromptHistorySection logic={logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear prompt history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear prompt history' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(clear).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Clear prompt history' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Clear prompt history' })).getByRole('button', {
        name: 'Clear history',
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('Prompt history cleared');
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
