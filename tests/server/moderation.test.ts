/**
 * Picture moderation through the app (MODEL-3, MODEL-4, MODEL-5), and a model run as the server wires its
 * providers (MODEL-1): nsfwjs and ESRGAN-slim in the worker pool's model thread, one pool (and one loaded
 * model thread) for the whole file. The fixture photos are harmless: their
 * unsafe score is near 0, so a threshold of 0 stands for "a threshold below this picture's score".
 */
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { balance, json, pollPrediction, setupApp } from './helpers';
import { createProviders } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { createLocalProvider } from '../../server/providers/local';
import { createWorkerPool, type WorkerPool } from '../../server/workers/pool';
import { toolByKey } from '../../src/catalog';
import { photoDir } from './models/quality';

const pool = createWorkerPool({ maxThreads: 1, modelThreads: 1 });
afterAll(() => pool.close());
/** The tasks the app asked of the pool. */
const ran: string[] = [];
const recording: WorkerPool = {
  maxThreads: pool.maxThreads,
  get queueSize() {
    return pool.queueSize;
  },
  run(name, input, options) {
    ran.push(name);
    return pool.run(name, input, options);
  },
  close: () => Promise.resolve(),
};

const photoDataUrl = async () => {
  const small = await sharp(fs.readFileSync(path.join(photoDir, 'coffee.png')))
    .resize(150, 100)
    .png()
    .toBuffer();
  return `data:image/png;base64,${small.toString('base64')}`;
};
const refused = { message: "This picture can't be used here. Choose another one." };
const restore = toolByKey('restore-image');
const textToImage = toolByKey('text-to-image');

function app(env: Record<string, string>) {
  return setupApp('pglite', {
    env,
    pool: () => recording,
    providers: () => ({ local: createLocalProvider({ pool: recording }) }),
  });
}

describe('moderation: block, threshold below a harmless picture’s score', () => {
  const t = app({ MODERATION: 'block', MODERATION_THRESHOLD: '0' });

  it('MODEL-3: refuses the upload and the run that brings it, with the message, charging nothing', async () => {
    const u = await t.user({ credits: 100 });
    const image = await photoDataUrl();
    const upload = await t.request('/api/upload', { token: u.token, body: { image } });
    expect(upload.status).toBe(400);
    expect(await json(upload)).toEqual(refused);
    const run = await t.request('/api/generate/restore', {
      token: u.token,
      body: { modelId: restore.id, input: { image } },
    });
    expect(run.status).toBe(400);
    expect(await json(run)).toEqual(refused);
    expect(await balance(t, u.id)).toBe(100);
  });

  it('MODEL-4: fails a run whose image output reaches the threshold and returns its credits', async () => {
    const u = await t.user({ credits: 100 });
    const run = await t.request('/api/generate/image', {
      token: u.token,
      body: { modelId: textToImage.id, input: { prompt: 'a lighthouse', width: 128, height: 128 } },
    });
    expect(await json(run)).toEqual({ message: "This result can't be shown here. Your credits were returned." });
    expect(run.status).toBeGreaterThanOrEqual(400);
    expect(await balance(t, u.id)).toBe(100);
  });
});

describe('moderation: block at the default threshold', () => {
  const t = app({ MODERATION: 'block' });

  it('MODEL-3: the same harmless picture passes at the default threshold', async () => {
    const u = await t.user({ credits: 100 });
    const upload = await t.request('/api/upload', { token: u.token, body: { image: await photoDataUrl() } });
    expect(upload.status).toBe(201);
    expect(await json(upload)).toMatchObject({ url: expect.stringMatching(/^\/files\/uploads\//) });
  });
});

describe('moderation: flag and off', () => {
  const flag = app({ MODERATION: 'flag', MODERATION_THRESHOLD: '0' });

  it('MODEL-5: flag refuses nothing and records the verdict on the run', async () => {
    const u = await flag.user({ credits: 100 });
    const upload = await flag.request('/api/upload', { token: u.token, body: { image: await photoDataUrl() } });
    expect(upload.status).toBe(201);
    const { url } = await json<{ url: string }>(upload);
    const started = await flag.request('/api/generate/restore', {
      token: u.token,
      body: { modelId: restore.id, input: { image: url } },
    });
    const { id } = await json<{ id: string }>(started);
    expect(await pollPrediction(flag, u.token, id)).toMatchObject({
      status: 'succeeded',
      model: expect.stringMatching(/^offline preview model · moderation flagged \(unsafe score 0\.\d\d\)$/),
    });
  });
});

describe('moderation: off', () => {
  const off = app({ MODERATION: 'off' });

  it('MODEL-5: off never runs (so never loads) the moderation model', async () => {
    ran.length = 0;
    const u = await off.user({ credits: 100 });
    const upload = await off.request('/api/upload', { token: u.token, body: { image: await photoDataUrl() } });
    expect(upload.status).toBe(201);
    const run = await off.request('/api/generate/image', {
      token: u.token,
      body: { modelId: textToImage.id, input: { prompt: 'a lighthouse', width: 128, height: 128 } },
    });
    expect(run.status).toBe(200);
    expect(ran).toContain('upload.image');
    expect(ran).not.toContain('image.moderate');
  });
});

describe('model settings', () => {
  it('MODEL-5: moderation is off by default, the models on, one model run at a time; bad values are named', () => {
    expect(loadConfig({}).models).toEqual({
      mode: 'on',
      runs: 1,
      restoreMaxPixels: 500_000,
      describe: { personScore: 0.5, faceScore: 0.6, objectScore: 0.4, approximate: false },
      moderation: { mode: 'off', threshold: 0.7 },
    });
    expect(() => loadConfig({ MODERATION: 'strict' })).toThrow(/MODERATION/);
    expect(() => loadConfig({ MODERATION_THRESHOLD: '1.5' })).toThrow(/MODERATION_THRESHOLD/);
    expect(() => loadConfig({ MODEL_RUNS: '0' })).toThrow(/MODEL_RUNS/);
  });
});

describe('models on, as the server builds its providers', () => {
  const t = setupApp('pglite', {
    env: { MODELS: 'on' },
    pool: () => recording,
    providers: () => createProviders(t.config, recording),
  });

  it('MODEL-1: a restore run through the app is made by ESRGAN-slim and says so', async () => {
    const u = await t.user({ credits: 100 });
    const started = await t.request('/api/generate/restore', {
      token: u.token,
      body: { modelId: restore.id, input: { image: await photoDataUrl() } },
    });
    const { id } = await json<{ id: string }>(started);
    expect(await pollPrediction(t, u.token, id)).toMatchObject({
      status: 'succeeded',
      model: 'ESRGAN-slim 2× (offline model)',
    });
  });
});
