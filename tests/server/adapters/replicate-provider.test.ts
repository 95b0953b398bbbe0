/**
 * The Replicate adapter against the contract fake (tests/server/fakes/replicate.ts): every request is held to
 * Replicate's published document and to the pinned version's recorded input schema.
 */
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildProviders } from '../../../server/providers';
import { toolByKey, tools, type Tool } from '../../../src/catalog';
import {
  createReplicateProvider,
  logProgress,
  MAX_DATA_URL_BYTES,
  type ReplicateOptions,
} from '../../../server/providers/replicate';
import { BUSY_MESSAGE, GENERIC_FAILURE, type GenerationJob } from '../../../server/providers/types';
import { createWorkerPool } from '../../../server/workers/pool';
import { startFakeReplicate, type FakeReplicate } from '../fakes/replicate';

let fake: FakeReplicate;
let logs: string[] = [];
const png = new Uint8Array(
  await sharp({ create: { width: 2, height: 2, channels: 3, background: { r: 90, g: 90, b: 90 } } })
    .png()
    .toBuffer(),
);
/** Noise does not compress: a picture above Replicate's 256 KB data URL limit. */
const bigPng = new Uint8Array(
  await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width: 400, height: 400, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer(),
);

beforeAll(async () => {
  fake = await startFakeReplicate();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.outcome = 'succeeded';
  fake.processingReads = 1;
  fake.logs = () => '';
  logs = [];
});

const provider = (extra: Partial<ReplicateOptions> = {}) =>
  createReplicateProvider({
    token: 'r8_fake_token',
    baseUrl: fake.baseUrl,
    pollIntervalMs: 1,
    log: (line) => logs.push(line),
    ...extra,
  });

const replicateTools = tools.filter((t) => t.provider === 'replicate' && t.replicate !== 'server');

/** A run as the server hands it over: defaults, a prompt, its uploaded picture(s) by path and bytes. */
function jobFor(tool: Tool, bytes = png, extra: Partial<GenerationJob> = {}): GenerationJob {
  const images = { image: { bytes, contentType: 'image/png' }, pose_image: { bytes, contentType: 'image/png' } };
  return {
    tool,
    input: {
      ...tool.defaultParams,
      prompt: 'a red fox in the snow',
      image: '/files/uploads/0123456789abcdef0123456789abcdef.png',
      pose_image: '/files/uploads/fedcba9876543210fedcba9876543210.png',
    },
    images,
    deadline: new Date(Date.now() + 120_000),
    ...extra,
  };
}

const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));

describe('replicate provider against the contract fake', () => {
  it.each(replicateTools.map((t) => [t.key, t] as const))(
    '%s: created as its model says, its input accepted by the pinned schema, its output downloaded',
    async (_key, tool) => {
      const result = await provider()
        .run(jobFor(tool), new AbortController().signal)
        .catch((error: unknown) => ({ error, logs }));
      expect(fake.problems()).toEqual([]);
      if (!('output' in result)) throw new Error(String(result.error));
      const [create] = creates();
      const model = tool.replicate;
      if (!model || model === 'server') throw new Error('not a Replicate tool');
      if (model.official) {
        expect(create?.path).toBe(`/v1/models/${tool.id}/predictions`);
      } else {
        expect(create?.path).toBe('/v1/predictions');
        expect(create?.body).toMatchObject({ version: model.version });
      }
      expect(result.output.kind).toBe('files');
      if (result.output.kind !== 'files') return;
      expect(result.output.files).toHaveLength(1);
      const kind = { image: 'image/', video: 'video/', audio: 'audio/', model3d: 'model/' }[tool.output as 'image'];
      expect(result.output.files[0]!.contentType.startsWith(kind)).toBe(true);
    },
  );

  it('CALL-3: asks synchronous image tools to wait and every prediction to stop at the run deadline', async () => {
    const deadline = new Date(Date.now() + 90_000);
    await provider().run(jobFor(toolByKey('text-to-image'), png, { deadline }), new AbortController().signal);
    await provider().run(jobFor(toolByKey('musicgen'), png, { deadline }), new AbortController().signal);
    const [image, music] = creates();
    expect(image?.headers['prefer']).toBe('wait=60');
    expect(music?.headers['prefer']).toBeUndefined();
    for (const r of [image, music]) expect(r?.headers['cancel-after']).toMatch(/^(89|90)s$/);
  });

  it('CALL-3: sends a small picture as a data URL and one above 256 KB as an address, never inline', async () => {
    expect(bigPng.length).toBeGreaterThan(MAX_DATA_URL_BYTES);
    const restore = toolByKey('restore-image');
    await provider().run(jobFor(restore), new AbortController().signal);
    expect(String((creates()[0]?.body as { input: { img: string } }).input.img)).toMatch(/^data:image\/png;base64,/);

    // Without a public address of its own, the server uploads the file with Replicate's files call.
    fake.requests.length = 0;
    await provider().run(jobFor(restore, bigPng), new AbortController().signal);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toContain('POST /v1/files');
    expect((creates()[0]?.body as { input: { img: string } }).input.img).toMatch(
      /^https:\/\/api\.replicate\.com\/v1\/files\//,
    );

    // With a public APP_URL, the product's own signed address.
    fake.requests.length = 0;
    const publicFileUrl = (stored: string) => `https://atelier.example${stored}?exp=1&sig=x`;
    await provider({ publicFileUrl }).run(jobFor(restore, bigPng), new AbortController().signal);
    expect(fake.requests.some((r) => r.path === '/v1/files')).toBe(false);
    expect((creates()[0]?.body as { input: { img: string } }).input.img).toBe(
      'https://atelier.example/files/uploads/0123456789abcdef0123456789abcdef.png?exp=1&sig=x',
    );
    expect(fake.problems()).toEqual([]);
  });

  it('ends a run still throttled after the SDK retries with the busy message, logged as busy with provider and status', async () => {
    fake.outcome = 'busy';
    const run = provider().run(jobFor(toolByKey('bark')), new AbortController().signal);
    await expect(run).rejects.toMatchObject({ name: 'ProviderError', message: BUSY_MESSAGE });
    expect(creates().length).toBeGreaterThan(1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^Provider busy: replicate answered HTTP 429/);
  });

  it('logs a revoked key once for the operator, with the provider and status and without the key', async () => {
    fake.outcome = 'revoked';
    const run = provider().run(jobFor(toolByKey('bark')), new AbortController().signal);
    await expect(run).rejects.toMatchObject({ name: 'ProviderError', message: GENERIC_FAILURE });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/replicate answered HTTP 401/);
    expect(logs.join('\n')).not.toContain('r8_fake_token');
  });

  it('a community model called by name is missing (404): an operator error, the generic failure', async () => {
    const tool = toolByKey('bark');
    const model = tool.replicate as Exclude<Tool['replicate'], 'server' | undefined>;
    const byName = { ...tool, replicate: { ...model, version: undefined, official: true } } as unknown as Tool;
    await expect(provider().run(jobFor(byName), new AbortController().signal)).rejects.toMatchObject({
      message: GENERIC_FAILURE,
    });
    expect(fake.problems()).toEqual([
      'POST /v1/models/suno-ai/bark/predictions: For all other models, the specific version is required',
    ]);
    expect(logs[0]).toMatch(/replicate answered HTTP 404 .*suno-ai\/bark/);
  });

  it('an input the pinned schema refuses is a 422 the operator reads', async () => {
    const tool = toolByKey('restore-image');
    const model = tool.replicate as Exclude<Tool['replicate'], 'server' | undefined>;
    const misnamed = { ...tool, replicate: { ...model, input: () => ({ image: { file: 'image' } }) } } as Tool;
    await expect(provider().run(jobFor(misnamed), new AbortController().signal)).rejects.toMatchObject({
      message: GENERIC_FAILURE,
    });
    expect(fake.problems()[0]).toMatch(/422|refused by tencentarc\/gfpgan/);
    expect(logs[0]).toMatch(/HTTP 422/);
  });

  it('a failed prediction ends with its error, a canceled one as canceled', async () => {
    fake.outcome = 'failed';
    await expect(provider().run(jobFor(toolByKey('musicgen')), new AbortController().signal)).rejects.toMatchObject({
      status: 'failed',
      message: 'The model crashed',
    });
    fake.outcome = 'canceled';
    await expect(provider().run(jobFor(toolByKey('musicgen')), new AbortController().signal)).rejects.toMatchObject({
      status: 'canceled',
    });
  });

  it('cancels the prediction when the run is given up while it is processing', async () => {
    fake.outcome = 'processing';
    const controller = new AbortController();
    const run = provider({ pollIntervalMs: 5 }).run(jobFor(toolByKey('musicgen')), controller.signal);
    await expect.poll(() => fake.requests.some((r) => r.method === 'GET')).toBe(true);
    controller.abort(new Error('deadline'));
    await expect(run).rejects.toThrow('deadline');
    await expect.poll(() => fake.requests.some((r) => r.path.endsWith('/cancel'))).toBe(true);
  });

  it('CALL-4: Image to Video: the clip i2vgen-xl makes at 8 frames a second is re-timed by ffmpeg to the fps asked for, its length kept', async () => {
    const pool = createWorkerPool({ maxThreads: 1 });
    try {
      const { replicate } = buildProviders(
        { REPLICATE_API_TOKEN: 'r8_fake_token', REPLICATE_BASE_URL: fake.baseUrl },
        { pool },
        { pollIntervalMs: 1 },
      );
      const job = jobFor(toolByKey('image-to-video'));
      const result = await replicate!.run(
        { ...job, input: { ...job.input, length: 2, fps: 12 } },
        new AbortController().signal,
      );
      expect(fake.problems()).toEqual([]);
      // The model has no fps input: it was asked for 2 s at its own 8 frames a second.
      expect(creates()[0]!.body).toMatchObject({ input: { max_frames: 16 } });
      expect((creates()[0]!.body as { input: object }).input).not.toHaveProperty('fps');
      if (result.output.kind !== 'files') throw new Error('no file');
      const [clip] = result.output.files;
      expect([clip!.contentType, clip!.ext]).toEqual(['video/mp4', 'mp4']);
      const input = new Input({ source: new BufferSource(clip!.bytes), formats: ALL_FORMATS });
      const frames = (await (await input.getPrimaryVideoTrack())!.computePacketStats()).packetCount;
      expect(frames).toBe(24);
      expect(await input.computeDuration()).toBeCloseTo(2, 1);
    } finally {
      await pool.close();
    }
  });
});

/** Logs as a diffusion model on Replicate writes them: a line, then tqdm's bar rewritten with carriage returns. */
const tqdmLogs = (steps: number, of = 20) =>
  'Using seed: 1234\n' +
  Array.from({ length: steps + 1 }, (_, i) => {
    const percent = Math.floor((100 * i) / of);
    return `${String(percent).padStart(3)}%|${'█'.repeat(Math.floor(percent / 10)).padEnd(10)}| ${i}/${of} [00:0${i % 10}<00:04,  4.71it/s]`;
  }).join('\r');

describe('RUNS-26: the percentage of a prediction’s logs', () => {
  it('reads the last tqdm percentage of the logs', () => {
    expect(logProgress(tqdmLogs(9))).toBe(45);
    expect(logProgress(tqdmLogs(20))).toBe(100);
    expect(logProgress('Sampling:   0%|          | 0/50 [00:00<?, ?it/s]')).toBe(0);
    expect(logProgress('step 1\n  12%|█▏        | 6/50\nstep 2\n  38%|███▊      | 19/50\n')).toBe(38);
  });

  it('answers nothing for logs without a percentage, garbage, or no logs', () => {
    for (const garbage of [
      undefined,
      null,
      42,
      {},
      '',
      'Using seed: 7\nLoading weights 100% done',
      'cost 50%off |',
      '250%| 5/2',
      '%|',
      '\u0000\uffff%|||',
    ])
      expect(logProgress(garbage)).toBeUndefined();
    // Only the end of a very long log is read; a bar near its end still counts.
    expect(logProgress(`${'x'.repeat(1_000_000)}\n 70%|███████   | 14/20`)).toBe(70);
  });

  it('a run reports its log’s percentage at each read of its prediction, in order', async () => {
    fake.processingReads = 4;
    fake.logs = (reads) => tqdmLogs(reads * 4);
    const reports: number[] = [];
    await provider().run(jobFor(toolByKey('musicgen')), new AbortController().signal, {
      progress: (percent) => reports.push(percent),
    });
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports).toEqual([...reports].sort((a, b) => a - b));
    expect(reports).toContain(20);
    expect(reports).toContain(60);
  });
});
