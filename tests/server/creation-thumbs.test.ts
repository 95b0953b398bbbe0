/**
 * CREATIONS-15: every image, video and audio output gets a thumbnail made once, when the output is stored, in
 * the worker pool: a WebP of at most 384 px on its long side (a video's first frame, an audio's waveform), its
 * size in the list's item, served like the output (the owner's session, or the signed address the list gives);
 * text and code get a snippet instead. Deleting the creation removes the thumbnail with it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toolByKey, type ToolKey } from '../../src/catalog';
import { encodeWav } from '../../server/providers/media/wav';
import { ffmpegPath } from '../../server/providers/media/video';
import type { GenerationProvider, OutputFile } from '../../server/providers/types';
import { files } from '../../server/db/schema';
import { backends, json, setupApp } from './helpers';

type Thumb = { url: string; width: number; height: number };
type Creation = { id: string; status: string; output: unknown; thumb?: Thumb; snippet?: string };

/** A 1024×1024 PNG of noise (about 3 MB): the size of a generated picture, hard to compress. */
async function bigPng(): Promise<Uint8Array> {
  const raw = Buffer.alloc(1024 * 1024 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(
    await sharp(raw, { raw: { width: 1024, height: 1024, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/** Two seconds of a tone that swells: a waveform with a shape. */
function toneWav(): Uint8Array {
  const rate = 22_050;
  const samples = new Float32Array(rate * 2);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.sin(i / 8) * (i / samples.length);
  return encodeWav(samples, rate);
}

/** A one-second 640×360 MP4 of ffmpeg's test pattern. */
async function testMp4(): Promise<Uint8Array> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'thumb-test-'));
  try {
    const out = path.join(dir, 'clip.mp4');
    const args = ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=10', '-t', '1'];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpegPath(), [...args, '-pix_fmt', 'yuv420p', '-y', out], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
    });
    return new Uint8Array(await readFile(out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const outputs: Record<string, () => Promise<OutputFile>> = {
  image: async () => ({ bytes: await bigPng(), contentType: 'image/png', ext: 'png' }),
  audio: async () => ({ bytes: toneWav(), contentType: 'audio/wav', ext: 'wav' }),
  video: async () => ({ bytes: await testMp4(), contentType: 'video/mp4', ext: 'mp4' }),
};

const provider: GenerationProvider = {
  name: 'local',
  run: async (job) => {
    const kind = job.tool.output;
    if (kind === 'text' || kind === 'code')
      return { output: { kind: 'text', text: `${'word '.repeat(200)}end` }, model: 'fake model' };
    return { output: { kind: 'files', files: [await outputs[kind]!()] }, model: 'fake model' };
  },
};

for (const backend of backends) {
  describe(`creation thumbnails (${backend})`, () => {
    const t = setupApp(backend, { providers: () => ({ local: provider }) });
    const made = async (token: string, key: ToolKey) => {
      const tool = toolByKey(key);
      const res = await t.request('/api/generate', { token, body: { modelId: tool.id, input: { prompt: 'a thumb' } } });
      expect(res.status).toBe(201);
      const { id } = await json<{ id: string }>(res);
      for (;;) {
        const c = await json<Creation>(await t.request(`/api/creations/${id}`, { token }));
        if (c.status !== 'processing' && c.status !== 'starting') return c;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const listed = async (token: string) =>
      (await json<{ items: Creation[] }>(await t.request('/api/creations', { token }))).items;
    /** The thumbnail as the browser fetches it: by the signed address the list gave, with no session. */
    const fetched = async (thumb: Thumb) => {
      const res = await t.request(thumb.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      return new Uint8Array(await res.arrayBuffer());
    };

    it('makes an image output a WebP of 384 px on its long side, under 60 KB, once', async () => {
      const u = await t.user({ credits: 1000 });
      const run = await made(u.token, 'text-to-image');
      expect(run.status).toBe('succeeded');
      const [item] = await listed(u.token);
      expect(item!.thumb).toMatchObject({ width: 384, height: 384 });
      expect(item!.thumb!.url).toMatch(/^\/files\/outputs\/[a-f0-9]{32}\.webp\?exp=\d+&sig=/);
      const bytes = await fetched(item!.thumb!);
      expect(bytes.length).toBeLessThan(60_000);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 384, height: 384 });
      // Made once: listing again (and opening the creation) names the same stored file; the user holds two files.
      const again = await listed(u.token);
      expect(again[0]!.thumb!.url.split('?')[0]).toBe(item!.thumb!.url.split('?')[0]);
      expect(run.thumb!.url.split('?')[0]).toBe(item!.thumb!.url.split('?')[0]);
      const stored = await t.runtime.deps.db.select({ path: files.path }).from(files);
      expect(stored.filter((f) => f.path.endsWith('.webp'))).toHaveLength(1);
    });

    it("draws an audio output's waveform and takes a video's first frame", async () => {
      const u = await t.user({ credits: 1000 });
      const audio = await made(u.token, 'audioldm');
      expect(audio.thumb).toMatchObject({ width: 384, height: 192 });
      const wave = await sharp(await fetched(audio.thumb!))
        .raw()
        .toBuffer({ resolveWithObject: true });
      // A swelling tone: the waveform's bars are taller at the end than at the start (bright pixels by column).
      const lit = (x0: number, x1: number) => {
        let n = 0;
        for (let y = 0; y < wave.info.height; y++)
          for (let x = x0; x < x1; x++) if (wave.data[(y * wave.info.width + x) * wave.info.channels]! > 128) n++;
        return n;
      };
      expect(lit(320, 384)).toBeGreaterThan(lit(0, 64) * 2);

      const video = await made(u.token, 'text-to-video');
      expect(video.thumb).toMatchObject({ width: 384, height: 216 });
      expect(await sharp(await fetched(video.thumb!)).metadata()).toMatchObject({ format: 'webp', width: 384 });
    });

    it('gives text and code a snippet and no picture', async () => {
      const u = await t.user({ credits: 1000 });
      await made(u.token, 'code-generation');
      const [item] = await listed(u.token);
      expect(item!.thumb).toBeUndefined();
      expect(item!.snippet).toMatch(/^word word .*…$/);
      expect(item!.snippet!.length).toBeLessThanOrEqual(241);
    });

    it('removes the thumbnail with its creation', async () => {
      const u = await t.user({ credits: 1000 });
      const run = await made(u.token, 'text-to-image');
      expect((await t.request(run.thumb!.url)).status).toBe(200);
      expect((await t.request(`/api/creations/${run.id}`, { method: 'DELETE', token: u.token })).status).toBe(200);
      expect((await t.request(run.thumb!.url)).status).toBe(404);
    });
  });
}
