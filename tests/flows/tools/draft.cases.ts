/**
 * A tool page's draft (TOOL-47 to TOOL-49) with the real machine and test effects: kept when a visitor presses
 * Generate or the login dialog opens from the page, restored by 'Back to {tool}', and 'Run it now?' once when
 * Generate had been pressed. Included by tools.flows.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DRAFT_FORM, IMAGE } from '../../../src/flows/tools/tools.examples';
import { run, settle, testEffects } from './run.harness';

const restore = (generate: boolean, toolKey = 'text-to-image') =>
  ({ type: 'tool.draft.restore', toolKey, form: DRAFT_FORM, generate }) as const;

describe('the draft kept for the tab', () => {
  it('TOOL-47: a visitor pressing Generate keeps the form, marked as Generate pressed, then the dialog opens', async () => {
    const { effects, spies } = testEffects({});
    const actor = run('text-to-image', effects, { signedIn: false, credits: 0 });
    actor.send({ type: 'tool.prompt', prompt: 'a red fox' });
    actor.send({ type: 'tool.aspect', name: 'Wide' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(spies.keepDraft).toHaveBeenCalledTimes(1);
    expect(spies.keepDraft.mock.calls[0]?.[0]).toMatchObject({
      toolKey: 'text-to-image',
      path: '/image-models/text-to-image',
      title: 'Text to Image',
      generate: true,
      restore: false,
      form: { prompt: 'a red fox', aspect: 'Wide', width: 1344, height: 768 },
    });
    expect(spies.requireSignIn).toHaveBeenCalledTimes(1);
  });

  it('TOOL-47: the login dialog opened from the page (Sign In) keeps the form, Generate not pressed', async () => {
    const { effects, spies } = testEffects({});
    const actor = run('image-to-image', effects, { signedIn: false, credits: 0 });
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.draft.keep' });
    expect(spies.keepDraft.mock.calls[0]?.[0]).toMatchObject({ generate: false, form: { image: IMAGE } });
    expect(spies.requireSignIn).not.toHaveBeenCalled();
  });

  it('TOOL-47: the dialog Generate opened keeps the draft marked as Generate pressed', () => {
    const { effects, spies } = testEffects({});
    const actor = run('text-to-image', effects, { signedIn: false, credits: 0 });
    actor.send({ type: 'tool.prompt', prompt: 'a red fox' });
    actor.send({ type: 'tool.generate' });
    // The page tells the run the login dialog opened over it.
    actor.send({ type: 'tool.draft.keep' });
    expect(spies.keepDraft.mock.calls.map(([kept]) => (kept as { generate: boolean }).generate)).toEqual([true, true]);
  });

  it('TOOL-48: Back to {tool} without Generate pressed: the form takes the draft, no question', () => {
    const { effects } = testEffects({});
    const actor = run('text-to-image', effects);
    actor.send(restore(false));
    const { value, context } = actor.getSnapshot();
    expect(value).toEqual({ form: 'idle' });
    expect([context.prompt, context.aspect, context.width, context.height]).toEqual([
      'a red fox',
      'Portrait',
      832,
      1216,
    ]);
  });

  it("TOOL-48: another tool's draft leaves the form as it is", () => {
    const { effects } = testEffects({});
    const actor = run('text-to-image', effects);
    actor.send(restore(true, 'text-to-video'));
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' });
    expect(actor.getSnapshot().context.prompt).toBe('');
  });

  it('TOOL-49: Generate had been pressed: Run it now? asks once; Run it starts the run as Generate does', async () => {
    const { effects, calls } = testEffects({ generateSync: async () => ({ output: 'https://x.test/fox.png' }) });
    const actor = run('text-to-image', effects);
    actor.send(restore(true));
    expect(actor.getSnapshot().value).toEqual({ form: 'offering' });
    expect(actor.getSnapshot().context.prompt).toBe('a red fox');
    actor.send({ type: 'tool.draft.run' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
    expect(calls.generateSync[0]?.input.body.input).toMatchObject({ prompt: 'a red fox', width: 832, height: 1216 });
  });

  it('TOOL-49: Not now leaves the restored form, and nothing runs', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('text-to-image', effects);
    actor.send(restore(true));
    actor.send({ type: 'tool.draft.decline' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' });
    expect(actor.getSnapshot().context.prompt).toBe('a red fox');
    expect(calls.generateSync).toEqual([]);
  });

  it('TOOL-48, TOOL-49: Back to {tool} while a result shows: the result goes, the form takes the draft', async () => {
    const { effects } = testEffects({ generateSync: async () => ({ output: 'https://x.test/cat.png' }) });
    for (const generate of [true, false]) {
      const actor = run('text-to-image', effects);
      actor.send({ type: 'tool.prompt', prompt: 'a cat' });
      actor.send({ type: 'tool.generate' });
      await settle();
      expect(actor.getSnapshot().hasTag('result')).toBe(true);
      actor.send(restore(generate));
      expect(actor.getSnapshot().value).toEqual({ form: generate ? 'offering' : 'idle' });
      expect(actor.getSnapshot().context.result).toBeNull();
      expect(actor.getSnapshot().context.prompt).toBe('a red fox');
    }
  });
});
