import { describe, expect, it } from 'vitest';
import { describeFlows, done, fail, scenario } from './harness';
import { clearPromptHistoryModel, enhanceModel, promptHistoryModel, promptStylesModel } from './models/prompts.models';
import { cinematic, offlineSuggestion, recentPrompts } from '../../src/flows/prompts/prompts.examples';
import { serverError } from './models/fixtures';
import { ENHANCE_FAILED } from '../../src/flows/prompts/enhance.machine';
import { HISTORY_FAILED } from '../../src/flows/prompts/prompt-history.machine';
import { templateFrom } from '../../src/flows/prompts/prompt-styles.machine';

describeFlows('recent prompts', promptHistoryModel);
describeFlows('prompt styles', promptStylesModel);
describeFlows('enhance prompt', enhanceModel);
describeFlows('clear prompt history', clearPromptHistoryModel);

const ctx = <T>(s: { context: unknown }) => s.context as T;

describe('recent prompts', () => {
  it('PROMPT-4: opening reads the tool’s prompts; a search reads again with its words; choosing fills the field', async () => {
    const r = await scenario(promptHistoryModel, [
      { type: 'history.open' },
      done('listPromptHistory', recentPrompts),
      { type: 'history.search', q: 'fox' },
      done('listPromptHistory', { prompts: [recentPrompts.prompts[0]!] }),
      { type: 'history.choose', prompt: 'a red fox' },
    ]);
    expect(r.started).toEqual([
      { id: 'listPromptHistory', input: { toolKey: 'text-to-image', q: '' } },
      { id: 'listPromptHistory', input: { toolKey: 'text-to-image', q: 'fox' } },
    ]);
    expect(r.effects).toEqual([{ name: 'fillPrompt', params: { prompt: 'a red fox' } }]);
    expect(r.snapshot.value).toBe('closed');
  });

  it('PROMPT-4: a failed read says why, and Try again reads again', async () => {
    const r = await scenario(promptHistoryModel, [{ type: 'history.open' }, fail('listPromptHistory', {})]);
    expect(r.snapshot.value).toBe('failed');
    expect(ctx<{ error: string }>(r.snapshot).error).toBe(HISTORY_FAILED);
    expect(r.snapshot.can({ type: 'history.retry' })).toBe(true);
  });
});

describe('prompt styles', () => {
  it('PROMPT-5: a chosen style applied to what is typed fills the final prompt', async () => {
    const r = await scenario(promptStylesModel, [
      { type: 'styles.open' },
      done('listPromptStyles', { styles: [cinematic] }),
      { type: 'styles.choose', id: cinematic.id },
      { type: 'styles.apply', prompt: 'a red fox' },
    ]);
    expect(r.effects).toEqual([{ name: 'fillPrompt', params: { prompt: 'cinematic still of a red fox' } }]);
    expect(r.snapshot.value).toBe('closed');
  });

  it('PROMPT-5: Save as style starts from what is typed; a refusal stays in the dialog with its message', async () => {
    const r = await scenario(promptStylesModel, [
      { type: 'styles.save.open', prompt: 'cinematic still, 35 mm' },
      { type: 'styles.save.submit', style: { name: 'Cinematic', template: '{prompt}, cinematic still, 35 mm' } },
      fail('createPromptStyle', serverError('You already have a style with this name.')),
    ]);
    expect(ctx<{ template: string }>(r.snapshot).template).toBe(templateFrom('cinematic still, 35 mm'));
    expect(r.started).toEqual([
      { id: 'createPromptStyle', input: { name: 'Cinematic', template: '{prompt}, cinematic still, 35 mm' } },
    ]);
    expect(r.snapshot.value).toBe('editing');
    expect(ctx<{ error: string }>(r.snapshot).error).toBe('You already have a style with this name.');
  });
});

describe('enhance prompt', () => {
  it('ENHANCE-1, ENHANCE-4: the suggestion fills the field; Undo puts back what was typed', async () => {
    const r = await scenario(enhanceModel, [
      { type: 'enhance.start', prompt: 'a red fox' },
      done('enhancePrompt', offlineSuggestion),
      { type: 'enhance.undo' },
    ]);
    expect(r.started).toEqual([{ id: 'enhancePrompt', input: { toolKey: 'text-to-image', prompt: 'a red fox' } }]);
    expect(r.effects).toEqual([
      { name: 'fillPrompt', params: { prompt: offlineSuggestion.prompt } },
      { name: 'fillPrompt', params: { prompt: 'a red fox' } },
    ]);
    expect(r.snapshot.value).toBe('ready');
  });

  it('ENHANCE-3: the limit’s message shows; an empty field asks nothing', async () => {
    const limited = 'Too many prompt enhancements. Please try again in 12 minutes.';
    const r = await scenario(enhanceModel, [
      { type: 'enhance.start', prompt: 'a red fox' },
      fail('enhancePrompt', serverError(limited, { status: 429 })),
    ]);
    expect(ctx<{ error: string }>(r.snapshot).error).toBe(limited);
    const silent = await scenario(enhanceModel, [{ type: 'enhance.start', prompt: 'a' }, fail('enhancePrompt', {})]);
    expect(ctx<{ error: string }>(silent.snapshot).error).toBe(ENHANCE_FAILED);
    const empty = await scenario(enhanceModel, [{ type: 'enhance.start', prompt: '  ' }]);
    expect(empty.started).toEqual([]);
  });
});

describe('clear prompt history', () => {
  it('PROMPT-3: asks first; Cancel keeps everything; confirming clears and says so', async () => {
    const kept = await scenario(clearPromptHistoryModel, [{ type: 'history.clear' }, { type: 'history.clear.cancel' }]);
    expect(kept.started).toEqual([]);
    const r = await scenario(clearPromptHistoryModel, [
      { type: 'history.clear' },
      { type: 'history.clear.confirm' },
      done('clearPromptHistory', { cleared: 2, message: 'Prompt history cleared' }),
    ]);
    expect(r.snapshot.value).toBe('idle');
    expect(ctx<{ cleared: boolean }>(r.snapshot).cleared).toBe(true);
  });
});
