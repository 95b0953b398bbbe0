/**
 * A tool run's form and result with the real machine and test effects: the form rules before any
 * call, the result and Generate Another, stopping the run, answers without what the call
 * promises, and the red banner. Included by tools.flows.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { INVALID_RESPONSE, REQUEST_TIMED_OUT } from '../../../src/flows/tools/errors';
import { generateEnabled } from '../../../src/flows/tools/tool-run.selectors';
import { toolByKey } from '../../../src/catalog/tools';
import { serverError, silentError } from '../models/fixtures';
import { IMAGE, POSE } from '../../../src/flows/tools/tools.examples';
import { reject, run, settle, testEffects } from './run.harness';

describe('the form before any call', () => {
  it.each([
    ['text-to-image', {}, 'Please enter a prompt'],
    ['text-to-image', { prompt: '   ' }, 'Please enter a prompt'],
    ['text-to-advertisement', {}, 'Please enter a prompt'],
    ['text-to-text', {}, 'Please enter a prompt'],
    ['code-generation', {}, 'Please enter a prompt'],
    ['image-to-image', { prompt: 'x' }, 'Please upload an image'],
    ['image-to-image', { image: IMAGE }, 'Please enter a prompt'],
    ['person-to-person', { prompt: 'x' }, 'Please upload a main image'],
    ['restore-image', {}, 'Please upload an image first'],
    ['image-to-text', {}, 'Please upload an image first'],
  ] as const)('%s with %j: "%s", no call', async (key, form, text) => {
    const { effects, calls } = testEffects({});
    const actor = run(key, effects);
    if ('prompt' in form) actor.send({ type: 'tool.prompt', prompt: form.prompt });
    if ('image' in form) actor.send({ type: 'tool.image', image: form.image });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(Object.values(calls).flat()).toEqual([]);
  });

  it('AUTH-7: a visitor: requireSignIn, no call, and the prompt stays as typed', async () => {
    const { effects, calls, spies } = testEffects({});
    const actor = run('text-to-image', effects, { signedIn: false, credits: 0 });
    actor.send({ type: 'tool.prompt', prompt: 'a lighthouse at dusk' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(spies.requireSignIn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' });
    expect(actor.getSnapshot().context.prompt).toBe('a lighthouse at dusk');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.generateSync).toEqual([]);

    // Signed in through the dialog: the app sends the balance and the same click now runs.
    actor.send({ type: 'tool.balance', signedIn: true, credits: 5000 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
  });

  it('Clear prompt empties the field only, while the form shows; the refusal banner stays until Generate', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('image-to-image', effects);
    expect(actor.getSnapshot().can({ type: 'tool.prompt.clear' })).toBe(false);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.prompt', prompt: 'a red fox in the snow' });
    actor.send({ type: 'tool.prompt.clear' });
    expect(actor.getSnapshot().context).toMatchObject({ prompt: '', image: IMAGE });
    expect(actor.getSnapshot().can({ type: 'tool.prompt.clear' })).toBe(false);
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Please enter a prompt');
    expect(Object.values(calls).flat()).toEqual([]);
  });

  it('a balance below the cost: refused before any call, with the numbers', async () => {
    const tool = toolByKey('image-to-image');
    const { effects, calls } = testEffects({});
    const actor = run('image-to-image', effects, { credits: 10 });
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.prompt', prompt: 'in watercolour' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.error).toBe(`You need ${tool.cost} credits to run this tool. You have 10.`);
    expect(Object.values(calls).flat()).toEqual([]);

    actor.send({ type: 'tool.balance', signedIn: true, credits: tool.cost });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('image to image: free width and height follow the size rule (multiples of 8, 64–2048)', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('image-to-image', effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.prompt', prompt: 'in watercolour' });
    actor.send({ type: 'tool.size', width: 1001, height: 517 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync[0]?.input.body.input).toMatchObject({ width: 1000, height: 512, image: IMAGE });
    const other = run('image-to-image', effects);
    other.send({ type: 'tool.size', width: 7, height: 4000 });
    expect(other.getSnapshot().context).toMatchObject({ width: 64, height: 2048 });
  });

  it("a prompt over 4,000 characters: the server's text, no call", async () => {
    const { effects, calls } = testEffects({});
    const actor = run('text-to-text', effects);
    actor.send({ type: 'tool.prompt', prompt: `  ${'a'.repeat(4000)}  ` });
    expect(generateEnabled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'tool.prompt', prompt: 'a'.repeat(4001) });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('The prompt is too long (at most 4000 characters).');
    expect(Object.values(calls).flat()).toEqual([]);
  });

  it.each([
    ['text-to-image', {}, false],
    ['text-to-image', { prompt: 'x' }, true],
    // TOOL-39: the field starts with 'A photo of a person'; emptied, the button is disabled again.
    ['person-to-person', { image: IMAGE }, true],
    ['person-to-person', { image: IMAGE, prompt: '' }, false],
    ['person-to-person', { image: IMAGE, prompt: 'x' }, true],
    ['restore-image', {}, false],
    ['restore-image', { image: IMAGE }, true],
    ['image-to-image', { prompt: 'x' }, true],
    ['image-to-text', {}, true],
  ] as const)('TOOL-11, TOOL-13: %s with %j: the Generate button enabled %s', (key, form, enabled) => {
    const actor = run(key, testEffects({}).effects);
    if ('prompt' in form) actor.send({ type: 'tool.prompt', prompt: form.prompt });
    if ('image' in form) actor.send({ type: 'tool.image', image: form.image });
    expect(generateEnabled(actor.getSnapshot())).toBe(enabled);
  });
});

describe('result: Generate Another and the locked aspect buttons', () => {
  async function fromResult() {
    const { effects, calls, spies } = testEffects({
      generateSync: async () => ({ output: 'https://atelier.test/fox.png', credits: 4999 }),
    });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.aspect', name: 'Wide' });
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    expect(actor.getSnapshot().can({ type: 'tool.aspect', name: 'Portrait' })).toBe(true);
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('result');
    return { actor, calls, spies };
  }

  it('TOOL-4: refuses the aspect event while a result is shown', async () => {
    const { actor } = await fromResult();
    const s = actor.getSnapshot();
    expect(s.hasTag('result')).toBe(true);
    expect(s.can({ type: 'tool.aspect', name: 'Portrait' })).toBe(false);
    expect(s.can({ type: 'tool.generate' })).toBe(false);
    actor.send({ type: 'tool.aspect', name: 'Portrait' });
    expect(actor.getSnapshot().context.aspect).toBe('Wide');
  });

  it('TOOL-3: tool.reset clears prompt, image, result, error, progress and aspect ratio', async () => {
    const { actor } = await fromResult();
    actor.send({ type: 'tool.reset' });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ form: 'idle' });
    expect(s.context).toMatchObject({
      prompt: '',
      image: null,
      poseImage: null,
      result: null,
      error: null,
      progress: 0,
      aspect: 'Square',
      width: 1024,
      height: 1024,
      key: null,
    });
    expect(s.can({ type: 'tool.aspect', name: 'Portrait' })).toBe(true);
  });

  it('TOOL-25: scrolls to the result 100 ms after it appears', async () => {
    const { spies } = await fromResult();
    await vi.advanceTimersByTimeAsync(99);
    expect(spies.scrollToResult).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spies.scrollToResult).toHaveBeenCalledTimes(1);
  });

  it('each click has its own idempotency key', async () => {
    const { actor, calls } = await fromResult();
    actor.send({ type: 'tool.reset' });
    actor.send({ type: 'tool.prompt', prompt: 'a hare' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync.map((c) => c.input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });
});

describe('stopping the run (a sign-out: RUNS-13; leaving the page does not, RUNS-12)', () => {
  it('stopping the run stops its children and aborts the request in flight', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    const progress = actor.getSnapshot().children['progress'];
    expect(calls.generateSync[0]?.signal.aborted).toBe(false);
    actor.stop();
    expect(calls.generateSync[0]?.signal.aborted).toBe(true);
    expect(progress?.getSnapshot().status).toBe('stopped');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.generateSync).toHaveLength(1);
  });
});

describe('answers without what the call promises, and failed starts', () => {
  it('TOOL-27: text to image: an answer without an output shows "Invalid response from the API" and reloads the balance', async () => {
    const { effects, calls, spies } = testEffects({ generateSync: async () => ({ credits: 4990 }) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ form: 'error' });
    expect(s.context).toMatchObject({ error: INVALID_RESPONSE, result: null, progress: 0 });
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    expect(spies.creditsChanged).not.toHaveBeenCalled();
  });

  it('restore: a start answered without a prediction id shows "Invalid response from the API", polls nothing', async () => {
    const { effects, calls, spies } = testEffects({ startGeneration: async () => ({ credits: 4990 }) });
    const actor = run('restore-image', effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.startGeneration[0]?.input.startOperation).toBe('generateRestore');
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.error).toBe(INVALID_RESPONSE);
    expect(calls.fetchPrediction).toEqual([]);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['restore-image', serverError('Insufficient credits', { status: 402 }), 'Insufficient credits'],
    ['restore-image', silentError, 'Failed to restore image. Please try again.'],
    ['image-to-text', silentError, 'Failed to process image. Please try again.'],
    ['text-to-text', serverError('Gateway', { status: 504 }), REQUEST_TIMED_OUT],
  ] as const)('%s: a refused start shows the banner (%#), waits for nothing', async (key, error, text) => {
    const { effects, calls, spies } = testEffects({ startGeneration: reject(error) });
    const actor = run(key, effects);
    actor.send({ type: 'tool.prompt', prompt: 'hello' });
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.startGeneration).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(calls.fetchPrediction).toEqual([]);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
  });
});

describe('the red banner: the form stays editable and Generate tries again', () => {
  const TOO_LARGE = 'Image is too large. Please choose a smaller image.';
  const POSE_TOO_LARGE = 'Pose image is too large. Please choose a smaller image.';

  it('person to person: a refused file shows its text; the files and prompt chosen next are what is uploaded and sent', async () => {
    const { effects, calls } = testEffects({
      upload: async ({ which }) => ({ url: `/uploads/${which}.jpg` }),
      startGeneration: async () => ({ id: 'pred-p' }),
    });
    const actor = run('person-to-person', effects);
    actor.send({ type: 'tool.fileRejected', message: TOO_LARGE });
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.error).toBe(TOO_LARGE);
    actor.send({ type: 'tool.fileRejected', message: POSE_TOO_LARGE });
    expect(actor.getSnapshot().context.error).toBe(POSE_TOO_LARGE);
    expect(Object.values(calls).flat()).toEqual([]);

    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.poseImage', image: POSE });
    actor.send({ type: 'tool.prompt', prompt: 'on a beach' });
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context).toMatchObject({ image: IMAGE, poseImage: POSE, prompt: 'on a beach' });

    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.upload).toEqual([
      { image: IMAGE, which: 'main' },
      { image: POSE, which: 'pose' },
    ]);
    expect(calls.startGeneration[0]?.input.body.input).toEqual({
      prompt: 'on a beach',
      image: '/uploads/main.jpg',
      pose_image: '/uploads/pose.jpg',
    });
    expect(actor.getSnapshot().value).toEqual({ working: 'polling' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('text to image: after a failure the aspect buttons still work, and the retry sends the new size', async () => {
    let n = 0;
    const { effects, calls } = testEffects({
      generateSync: async () => {
        n += 1;
        if (n === 1) throw serverError('Model unavailable');
        return { output: 'https://atelier.test/fox.png', credits: 4990 };
      },
    });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Model unavailable');
    expect(actor.getSnapshot().can({ type: 'tool.aspect', name: 'Portrait' })).toBe(true);
    actor.send({ type: 'tool.aspect', name: 'Portrait' });
    expect(actor.getSnapshot().context).toMatchObject({ aspect: 'Portrait', width: 832, height: 1216 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync[1]?.input.body.input).toMatchObject({ width: 832, height: 1216, aspect_ratio: '2:3' });
    expect(calls.generateSync.map((c) => c.input.idempotencyKey)).toEqual(['key-1', 'key-2']);
    expect(actor.getSnapshot().context.result).toBe('https://atelier.test/fox.png');
  });

  it('TOOL-12: image to image: after a failure the size fields still work, rounded down to multiples of 8', async () => {
    const { effects, calls } = testEffects({ generateSync: reject(serverError('Model unavailable')) });
    const actor = run('image-to-image', effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.prompt', prompt: 'in watercolour' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    actor.send({ type: 'tool.size', width: 1001, height: 517 });
    expect(actor.getSnapshot().context).toMatchObject({ width: 1000, height: 512 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync[1]?.input.body.input).toMatchObject({ width: 1000, height: 512, image: IMAGE });
  });

  it('sound generation: after a failure the parameter controls still work, and the retry sends them', async () => {
    const { effects, calls } = testEffects({ startGeneration: reject(serverError('Model unavailable')) });
    const actor = run('audioldm', effects);
    actor.send({ type: 'tool.prompt', prompt: 'rain on a tin roof' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Model unavailable');
    actor.send({ type: 'tool.param', name: 'duration', value: 12 });
    actor.send({ type: 'tool.param', name: 'guidance_scale', value: 99 });
    expect(actor.getSnapshot().context.params).toEqual({ duration: 12, guidance_scale: 10 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.startGeneration[1]?.input.body.input).toMatchObject({
      prompt: 'rain on a tin roof',
      duration: 12,
      guidance_scale: 10,
    });
  });

  it("COLLECT-6: 'Save to' names the collection a start from the page joins; None names none", async () => {
    const saved = testEffects({});
    const actor = run('text-to-image', saved.effects);
    actor.send({ type: 'tool.saveTo', collectionId: 'k1' });
    actor.send({ type: 'tool.prompt', prompt: 'a heron at dawn' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(saved.calls.generateSync[0]?.input.body).toMatchObject({
      collectionId: 'k1',
      input: { prompt: 'a heron at dawn' },
    });
    const none = testEffects({});
    const other = run('text-to-image', none.effects);
    other.send({ type: 'tool.saveTo', collectionId: 'k1' });
    other.send({ type: 'tool.saveTo', collectionId: null });
    other.send({ type: 'tool.prompt', prompt: 'a second heron' });
    other.send({ type: 'tool.generate' });
    await settle();
    expect(none.calls.generateSync[0]?.input.body).toMatchObject({ input: { prompt: 'a second heron' } });
    expect(none.calls.generateSync[0]?.input.body).not.toHaveProperty('collectionId');
  });

  it('Generate from the banner checks the form, the sign-in and the balance again, calling nothing', async () => {
    const tool = toolByKey('text-to-image');
    const { effects, calls, spies } = testEffects({ generateSync: reject(serverError('Model unavailable')) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);

    // The prompt emptied: the text of TOOL-11, no call.
    actor.send({ type: 'tool.prompt', prompt: '   ' });
    actor.send({ type: 'tool.generate' });
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.error).toBe('Please enter a prompt');

    // Signed out meanwhile: the login dialog, the prompt kept.
    actor.send({ type: 'tool.prompt', prompt: 'a hare' });
    actor.send({ type: 'tool.balance', signedIn: false, credits: 0 });
    actor.send({ type: 'tool.generate' });
    expect(spies.requireSignIn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.prompt).toBe('a hare');

    // Back with too few credits: the balance text.
    actor.send({ type: 'tool.balance', signedIn: true, credits: 1 });
    actor.send({ type: 'tool.generate' });
    expect(actor.getSnapshot().context.error).toBe(`You need ${tool.cost} credits to run this tool. You have 1.`);
    await settle();
    expect(calls.generateSync).toHaveLength(1);
  });
});
