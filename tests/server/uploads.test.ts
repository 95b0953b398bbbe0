/**
 * Uploads are decoded, not sniffed: sharp decodes images in the worker pool (pixel cap), ffmpeg probes
 * videos. Video editing receives the uploaded clip. The [slow] run of the synchronous route is
 * refunded past GENERATION_TIMEOUT_MS, and a client that hangs up leaves no run unaccounted.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { balance, json, setupApp, sharedTestPool } from './helpers';
import { createLocalProvider } from '../../server/providers/local';
import { ffmpegPath } from '../../server/providers/media/video';
import { predictions } from '../../server/db/schema';
import { toolByKey } from '../../src/catalog';

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

let mp4: Buffer;
let webm: Buffer;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-upload-test-'));
  const make = (name: string, codec: string[]) => {
    const out = path.join(dir, name);
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=8:duration=1',
    ];
    const r = spawnSync(ffmpegPath(), [...args, ...codec, out]);
    if (r.status !== 0) throw new Error(String(r.stderr));
    return fs.readFileSync(out);
  };
  mp4 = make('a.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
  webm = make('a.webm', ['-c:v', 'libvpx-vp9', '-b:v', '100k']);
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('uploads are decoded in the worker pool', () => {
  const t = setupApp('pglite', {
    providers: () => ({ local: createLocalProvider({ pool: sharedTestPool(), slowMs: 0 }) }),
  });
  const upload = (token: string, image: string) => t.request('/api/upload', { token, body: { image } });

  it('accepts real JPEG, PNG, WebP and GIF images, stored under their decoded type', async () => {
    const u = await t.user();
    const base = sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } });
    for (const [format, type] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const bytes = await base.clone().toFormat(format).toBuffer();
      // Declared as PNG whatever it is: the decoder decides.
      const res = await upload(u.token, dataUrl('image/png', bytes));
      expect(res.status, format).toBe(201);
      const file = await t.request((await json<{ url: string }>(res)).url);
      expect(file.headers.get('content-type')).toBe(type);
    }
  });

  it('rejects garbage behind a valid header, truncated images, SVG and decompression bombs', async () => {
    const u = await t.user();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    const fakeJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
    );
    for (const [name, url] of [
      ['fake jpeg', dataUrl('image/jpeg', fakeJpeg)],
      ['truncated png', dataUrl('image/png', truncated)],
      ['svg', dataUrl('image/svg+xml', svg)],
      ['text', dataUrl('image/png', Buffer.from('<script>alert(1)</script>'))],
    ] as const) {
      const res = await upload(u.token, url);
      expect(res.status, name).toBe(400);
      expect((await json(res))['message'], name).toMatch(/^Unable to process image/);
    }
    // 10 000 × 10 000 of one colour: a few hundred KB of PNG, 100 megapixels decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: false });
    expect(bomb.length).toBeLessThan(15 * 1024 * 1024);
    const res = await upload(u.token, dataUrl('image/png', bomb));
    expect(res.status).toBe(400);
    expect((await json(res))['message']).toMatch(/too many pixels/);
  }, 60_000);

  it('inline data URLs in generation inputs get the same check', async () => {
    const u = await t.user({ credits: 100 });
    const res = await t.request('/api/generate/image-to-text', {
      token: u.token,
      body: {
        modelId: toolByKey('image-to-text').id,
        input: { image: dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9, 9])) },
      },
    });
    expect(res.status).toBe(400);
    expect((await json(res))['message']).toMatch(/^Unable to process image/);
    expect(await balance(t, u.id)).toBe(100);
  });

  it('accepts MP4 and WebM videos probed by ffmpeg; rejects garbage and other types', async () => {
    const u = await t.user();
    const a = await upload(u.token, dataUrl('video/mp4', mp4));
    expect(a.status).toBe(201);
    expect((await t.request((await json<{ url: string }>(a)).url)).headers.get('content-type')).toBe('video/mp4');
    const b = await upload(u.token, dataUrl('video/webm', webm));
    expect(b.status).toBe(201);
    expect((await t.request((await json<{ url: string }>(b)).url)).headers.get('content-type')).toBe('video/webm');
    // The first bytes of an MP4 followed by garbage.
    const forged = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(4096, 7)]);
    const bad = await upload(u.token, dataUrl('video/mp4', forged));
    expect(bad.status).toBe(400);
    expect((await json(bad))['message']).toMatch(/^Unable to process video/);
    const avi = await upload(u.token, dataUrl('video/x-msvideo', mp4));
    expect(avi.status).toBe(400);
    const big = await upload(u.token, dataUrl('video/mp4', Buffer.alloc(15 * 1024 * 1024 + 10)));
    expect(big.status).toBe(413);
    expect((await json(big))['message']).toBe('Video is too large. Please choose a video of at most 15 MB.');
  }, 60_000);

  it('video editing edits the uploaded clip (job.images.video); an image is refused as the video', async () => {
    const u = await t.user({ credits: 100 });
    const tool = toolByKey('video-editing');
    const { url } = await json<{ url: string }>(await upload(u.token, dataUrl('video/mp4', mp4)));
    const start = await t.request('/api/generate/video', {
      token: u.token,
      body: { modelId: tool.id, input: { prompt: 'make it black and white', video: url } },
    });
    expect(start.status).toBe(201);
    const { id } = await json<{ id: string }>(start);
    let p: { status: string; output: string | null; error: string | null };
    for (;;) {
      p = await json(await t.request(`/api/prediction/${id}`, { token: u.token }));
      if (p.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(p.error).toBeNull();
    expect(p.status).toBe('succeeded');
    const out = Buffer.from(await (await t.request(p.output!)).arrayBuffer());
    const probe = spawnSync(ffmpegPath(), ['-hide_banner', '-i', '-'], { input: out });
    // The edit keeps the uploaded clip's size (a drawn clip would have the default size).
    expect(String(probe.stderr)).toMatch(/64x48/);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { url: imageUrl } = await json<{ url: string }>(await upload(u.token, dataUrl('image/png', png)));
    const wrong = await t.request('/api/generate/video', {
      token: u.token,
      body: { modelId: tool.id, input: { prompt: 'x', video: imageUrl } },
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong))['message']).toBe('The video must be a video file');
  }, 60_000);
});

describe('[slow] runs of the synchronous route', () => {
  const t = setupApp('pglite', {
    env: { GENERATION_TIMEOUT_MS: '300' },
    providers: () => ({ local: createLocalProvider({ pool: sharedTestPool(), slowMs: 2_000 }) }),
  });
  const tool = toolByKey('text-to-image');

  it('a run past GENERATION_TIMEOUT_MS answers 504 and is refunded', async () => {
    const u = await t.user({ credits: 100 });
    const res = await t.request('/api/generate/image', {
      token: u.token,
      body: { modelId: tool.id, input: { prompt: 'a fox [slow]' } },
    });
    expect(res.status).toBe(504);
    expect(await balance(t, u.id)).toBe(100);
    const [row] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.userId, u.id));
    expect(row).toMatchObject({ status: 'failed', error: 'Generation timed out' });
  });

  it('a client that hangs up leaves the run to finish or be refunded, never pending', async () => {
    const u = await t.user({ credits: 100 });
    const hangUp = new AbortController();
    const pending = Promise.resolve(
      t.app.request('/api/generate/image', {
        method: 'POST',
        signal: hangUp.signal,
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ modelId: tool.id, input: { prompt: 'a fox [slow]' } }),
      }),
    ).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    hangUp.abort();
    expect(await balance(t, u.id)).toBe(100 - tool.cost);
    await pending;
    // Its worker ends it at its deadline, whoever waits for it.
    let row;
    for (let i = 0; i < 100; i++) {
      [row] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.userId, u.id));
      if (row?.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(row?.status).toBe('failed');
    expect(await balance(t, u.id)).toBe(100);
  });
});
