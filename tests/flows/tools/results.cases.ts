/**
 * What a result offers next and what a failure gives back (TOOL-38, TOOL-39, TOOL-43), with the real
 * machine and test effects: Run again, Edit, the default prompt put back, the credits returned.
 * Included by tools.flows.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { REQUEST_TIMED_OUT, notEnoughCredits } from '../../../src/flows/tools/errors';
import { refundOf } from '../../../src/flows/tools/run-parts';
import { toolByKey } from '../../../src/catalog/tools';
import { PERSON_DEFAULT_PROMPT } from '../../../src/catalog/tool-rules';
import { serverError } from '../models/fixtures';
import { IMAGE, creationDetail, type CreationSettings } from '../../../src/flows/tools/tools.examples';
import { reject, run, settle, testEffects } from './run.harness';

const FOX = 'https://atelier.test/outputs/fox.png';

/** Text to Image with a prompt and a chosen aspect ratio, run once to its result. */
async function foxResult(credits = 5000, more: Parameters<typeof testEffects>[0] = {}) {
  const { effects, calls, spies } = testEffects({
    ...more,
    generateSync: async () => ({ output: FOX, credits: credits - toolByKey('text-to-image').cost }),
  });
  const actor = run('text-to-image', effects, { credits });
  actor.send({ type: 'tool.prompt', prompt: 'a red fox' });
  actor.send({ type: 'tool.aspect', name: 'Portrait' });
  actor.send({ type: 'tool.generate' });
  await settle();
  expect(actor.getSnapshot().value).toBe('result');
  return { actor, calls, spies };
}

describe('Run again and Edit', () => {
  it('TOOL-43: Run again sends the same form once more, without a seed, under a new key', async () => {
    const { actor, calls } = await foxResult();
    actor.send({ type: 'tool.runAgain' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('result');
    expect(calls.generateSync).toHaveLength(2);
    const [first, second] = calls.generateSync.map((c) => c.input);
    expect(second!.body).toEqual(first!.body);
    expect(second!.body.input).not.toHaveProperty('seed');
    expect([first!.idempotencyKey, second!.idempotencyKey]).toEqual(['key-1', 'key-2']);
  });

  it('TOOL-43: Run again with too few credits is refused like Generate, before any call', async () => {
    const cost = toolByKey('text-to-image').cost;
    const { actor, calls } = await foxResult(cost);
    // The answer left the balance at 0.
    expect(actor.getSnapshot().context.credits).toBe(0);
    actor.send({ type: 'tool.runAgain' });
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
    expect(actor.getSnapshot().context.error).toBe(notEnoughCredits(cost, 0));
    expect(actor.getSnapshot().context.prompt).toBe('a red fox');
    expect(calls.generateSync).toHaveLength(1);
  });

  it('TOOL-43: Edit goes back to the form with the prompt, aspect ratio, parameters and files kept', async () => {
    const { actor } = await foxResult();
    actor.send({ type: 'tool.edit' });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ form: 'idle' });
    expect(s.context).toMatchObject({ prompt: 'a red fox', aspect: 'Portrait', width: 832, height: 1216 });
    expect(s.context).toMatchObject({ result: null, error: null, progress: 0, key: null });
    actor.send({ type: 'tool.prompt', prompt: 'a red fox at dusk' });
    expect(actor.getSnapshot().context.prompt).toBe('a red fox at dusk');

    // A picture and its size (image to image), and a parameter (sound generation), kept the same way.
    const picture = run(
      'image-to-image',
      testEffects({ generateSync: async () => ({ output: FOX, credits: 10 }) }).effects,
    );
    picture.send({ type: 'tool.image', image: IMAGE });
    picture.send({ type: 'tool.prompt', prompt: 'as a watercolour' });
    picture.send({ type: 'tool.size', width: 640, height: 480 });
    picture.send({ type: 'tool.generate' });
    await settle();
    expect(picture.getSnapshot().value).toBe('result');
    picture.send({ type: 'tool.edit' });
    expect(picture.getSnapshot().context).toMatchObject({
      image: IMAGE,
      prompt: 'as a watercolour',
      width: 640,
      height: 480,
    });

    const sound = run(
      'audioldm',
      testEffects({
        startGeneration: async () => ({ id: 'pred-s' }),
        fetchPrediction: async () => ({ status: 'succeeded', output: 'https://atelier.test/rain.wav', error: null }),
      }).effects,
    );
    sound.send({ type: 'tool.prompt', prompt: 'rain on a roof' });
    sound.send({ type: 'tool.param', name: 'duration', value: 12 });
    sound.send({ type: 'tool.generate' });
    await settle();
    expect(sound.getSnapshot().value).toBe('result');
    sound.send({ type: 'tool.edit' });
    expect(sound.getSnapshot().context).toMatchObject({ prompt: 'rain on a roof', params: { duration: 12 } });
  });

  it('TOOL-39: Person to Person starts with its default prompt and Generate Another puts it back; Text to Image clears', async () => {
    const { effects } = testEffects({
      upload: async ({ which }) => ({ url: `/uploads/${which}.jpg` }),
      startGeneration: async () => ({ id: 'pred-p' }),
      fetchPrediction: async () => ({ status: 'succeeded', output: FOX, error: null }),
    });
    const person = run('person-to-person', effects);
    expect(person.getSnapshot().context.prompt).toBe(PERSON_DEFAULT_PROMPT);
    person.send({ type: 'tool.image', image: IMAGE });
    person.send({ type: 'tool.prompt', prompt: 'on a beach' });
    person.send({ type: 'tool.generate' });
    await settle();
    expect(person.getSnapshot().value).toBe('result');
    person.send({ type: 'tool.reset' });
    expect(person.getSnapshot().context).toMatchObject({ prompt: PERSON_DEFAULT_PROMPT, image: null });

    const { actor } = await foxResult();
    actor.send({ type: 'tool.reset' });
    expect(actor.getSnapshot().context.prompt).toBe('');
  });
});

describe('a failed run says its credits came back', () => {
  const cost = 7;
  it.each([
    ['a single call the server failed (502)', { ok: false, error: { status: 502, message: 'x' }, attempts: 1 }, cost],
    [
      "a single call past the server's deadline (504, its words)",
      { ok: false, error: { status: 504, message: REQUEST_TIMED_OUT }, attempts: 3 },
      cost,
    ],
    ['a proxy’s 504', { ok: false, error: { status: 504, message: 'Gateway Timeout' }, attempts: 3 }, null],
    ['a refusal before the charge (402)', { ok: false, error: { status: 402, message: 'No' }, attempts: 1 }, null],
    ['a page-side time-out', { ok: false, error: { name: 'TimeoutError', message: 'x' }, attempts: 3 }, null],
    ['a prediction the server ended', { ok: false, error: { message: 'Generation failed' }, ended: true }, cost],
    ['a poll that ran out of checks', { ok: false, error: { message: 'Generation timed out' } }, null],
    ['a success', { ok: true, output: FOX }, null],
  ] as const)('TOOL-38: %s → %s credits returned', (_name, outcome, refunded) => {
    expect(refundOf(outcome, cost)).toBe(refunded);
  });

  it('TOOL-38: a polled run the server failed returns its cost; the next refusal drops the line', async () => {
    const { effects } = testEffects({
      upload: async ({ which }) => ({ url: `/uploads/${which}.jpg` }),
      startGeneration: async () => ({ id: 'pred-f' }),
      fetchPrediction: async () => ({ status: 'failed', output: null, error: 'NSFW content detected' }),
    });
    const person = run('person-to-person', effects);
    person.send({ type: 'tool.image', image: IMAGE });
    person.send({ type: 'tool.generate' });
    await settle();
    expect(person.getSnapshot().value).toEqual({ form: 'error' });
    expect(person.getSnapshot().context).toMatchObject({
      error: 'NSFW content detected',
      refunded: toolByKey('person-to-person').cost,
    });
    person.send({ type: 'tool.fileRejected', message: 'Image is too large. Please choose a smaller image.' });
    expect(person.getSnapshot().context.refunded).toBeNull();
  });

  it('TOOL-38: a single call the server failed returns its cost; a retry clears it while working', async () => {
    const { effects } = testEffects({ generateSync: reject(serverError('The model failed', { status: 502 })) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: '[fail] a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'The model failed',
      refunded: toolByKey('text-to-image').cost,
    });
    actor.send({ type: 'tool.generate' });
    expect(actor.getSnapshot().context.refunded).toBeNull();
  });
});

describe("A creation's settings (tool.applyCreation)", () => {
  const UPLOADED = '/files/uploads/apply.png?exp=4102444800000&sig=abc';
  const settings: CreationSettings = {
    prompt: 'as a watercolour',
    params: { prompt: 'as a watercolour', width: 640, height: 480, seed: 7 },
    width: 640,
    height: 480,
    image: UPLOADED,
  };
  /** GET /api/creations/{id} answering a creation of `tool` with these settings. */
  const reading = (tool: string, given: CreationSettings = settings) => ({
    getCreation: async ({ id }: { id: string }) => creationDetail(id, tool, given),
  });
  const use = { type: 'tool.applyCreation' as const, id: 'c1', newSeed: false };

  it('CREATIONS-13: Use these settings reads the creation, then fills the form with the prompt, size and picture; Generate sends them, without the seed', async () => {
    const { effects, calls } = testEffects({
      ...reading('image-to-image'),
      generateSync: async () => ({ output: FOX, credits: 4000 }),
    });
    const picture = run('image-to-image', effects);
    picture.send(use);
    expect(picture.getSnapshot().value).toEqual({ form: 'applying' });
    expect(calls.getCreation.map((c) => c.id)).toEqual(['c1']);
    await settle();
    const s = picture.getSnapshot();
    expect(s.value).toEqual({ form: 'idle' });
    expect(s.context).toMatchObject({ prompt: 'as a watercolour', width: 640, height: 480, image: UPLOADED });
    picture.send({ type: 'tool.generate' });
    await settle();
    expect(picture.getSnapshot().value).toBe('result');
    const { input } = calls.generateSync[0]!.input.body;
    expect(input).toMatchObject({ prompt: 'as a watercolour', width: 640, height: 480, image: UPLOADED });
    expect(input).not.toHaveProperty('seed');
  });

  it('CREATIONS-13: a page with presets takes the preset of that size or ratio, and only its own parameters', async () => {
    const fox = run(
      'text-to-image',
      testEffects(
        reading('text-to-image', {
          prompt: 'a red fox',
          width: 1216,
          height: 832,
          params: { aspect_ratio: '3:2', duration: 99 },
        }),
      ).effects,
    );
    fox.send(use);
    await settle();
    expect(fox.getSnapshot().context).toMatchObject({
      prompt: 'a red fox',
      aspect: 'Landscape',
      width: 1216,
      height: 832,
    });
    expect(fox.getSnapshot().context.params).not.toHaveProperty('duration');
    const sound = run(
      'audioldm',
      testEffects(reading('audioldm', { prompt: 'rain', params: { duration: 12 } })).effects,
    );
    sound.send(use);
    await settle();
    expect(sound.getSnapshot().context).toMatchObject({ prompt: 'rain', params: { duration: 12 } });
  });

  it('CREATIONS-13: from a result or a red banner the form comes back with the settings; a run in progress ignores them', async () => {
    const wolf = { ...settings, prompt: 'a grey wolf', image: null };
    const { actor } = await foxResult(5000, reading('text-to-image', wolf));
    actor.send(use);
    // The result goes as the creation is read.
    expect(actor.getSnapshot().value).toEqual({ form: 'applying' });
    expect(actor.getSnapshot().context.result).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ prompt: 'a grey wolf', result: null, error: null });

    const { effects } = testEffects(reading('text-to-image', wolf));

    const refused = run('text-to-image', effects, { credits: 0 });
    refused.send({ type: 'tool.prompt', prompt: 'a red fox' });
    refused.send({ type: 'tool.generate' });
    expect(refused.getSnapshot().value).toEqual({ form: 'error' });
    refused.send(use);
    // The banner goes as the creation is read.
    expect(refused.getSnapshot().context.error).toBeNull();
    await settle();
    expect(refused.getSnapshot().value).toEqual({ form: 'idle' });
    expect(refused.getSnapshot().context).toMatchObject({ prompt: 'a grey wolf', error: null });

    const busy = testEffects({ ...reading('text-to-image', wolf), generateSync: () => new Promise(() => {}) });
    const working = run('text-to-image', busy.effects);
    working.send({ type: 'tool.prompt', prompt: 'a red fox' });
    working.send({ type: 'tool.generate' });
    working.send(use);
    await settle();
    expect(working.getSnapshot().hasTag('busy')).toBe(true);
    expect(working.getSnapshot().context.prompt).toBe('a red fox');
    expect(busy.calls.getCreation).toHaveLength(0);
  });

  it('CREATIONS-13: a creation gone (deleted, another account’s) leaves the form as it was', async () => {
    const { effects } = testEffects({ getCreation: reject(serverError('Creation not found', { status: 404 })) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'my own words' });
    actor.send(use);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ prompt: 'my own words', error: null });
  });

  it('CREATIONS-14: New seed (the settings, then Generate) is charged once more and refused like Generate when credits fall short', async () => {
    const cost = toolByKey('image-to-image').cost;
    const { effects, calls } = testEffects({
      ...reading('image-to-image'),
      generateSync: async () => ({ output: FOX, credits: 10 }),
    });
    const again = run('image-to-image', effects);
    again.send({ ...use, newSeed: true });
    await settle();
    expect(again.getSnapshot().value).toBe('result');
    expect(calls.generateSync).toHaveLength(1);
    expect(calls.generateSync[0]!.input.body.input).toMatchObject({ prompt: 'as a watercolour', image: UPLOADED });

    const poor = run('image-to-image', effects, { credits: cost - 1 });
    poor.send({ ...use, newSeed: true });
    await settle();
    expect(poor.getSnapshot().value).toEqual({ form: 'error' });
    expect(poor.getSnapshot().context.error).toBe(notEnoughCredits(cost, cost - 1));
    expect(calls.generateSync).toHaveLength(1);
  });
});
