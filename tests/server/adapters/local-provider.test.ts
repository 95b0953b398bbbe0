/**
 * The offline provider's outputs, read back with real decoders: sharp for pictures, mediabunny for
 * MP4, @gltf-transform/core for GLB, the WAV header and samples for audio, tesseract for OCR.
 */
import { crc32 } from 'node:zlib';
import { NodeIO } from '@gltf-transform/core';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { toolByKey, type ToolKey } from '../../../src/catalog';
import {
  createLocalProvider,
  imageSize,
  OCR_FAIL_MESSAGE,
  OFFLINE_MODEL,
  OFFLINE_NOTICE,
} from '../../../server/providers/local';
import { imageTexts } from '../../../server/providers/media/image-text';
import {
  ProviderBusyError,
  ProviderError,
  type GenerationJob,
  type ProviderResult,
} from '../../../server/providers/types';
import { createWorkerPool } from '../../../server/workers/pool';
import { createProviders } from '../../../server/bootstrap';
import { loadConfig } from '../../../server/config';

const pool = createWorkerPool({ maxThreads: 2 });
afterAll(() => pool.close());
const provider = createLocalProvider({ pool, slowMs: 400 });
const signal = () => new AbortController().signal;

function job(key: ToolKey, input: GenerationJob['input'] = {}, images?: GenerationJob['images']): GenerationJob {
  const tool = toolByKey(key);
  return { tool, input: { ...tool.defaultParams, ...input }, ...(images ? { images } : {}) };
}

function file(result: ProviderResult) {
  expect(result.model).toBe(OFFLINE_MODEL);
  if (result.output.kind !== 'files') throw new Error('expected files');
  expect(result.output.files).toHaveLength(1);
  return result.output.files[0]!;
}

function textOf(result: ProviderResult): string {
  expect(result.model).toBe(OFFLINE_MODEL);
  if (result.output.kind !== 'text') throw new Error('expected text');
  return result.output.text;
}

/** A picture with some structure (not flat), as an upload would be. */
async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#3a6ea5"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 3}" fill="#f4a259"/>
    <rect x="${width / 2}" y="${height / 4}" width="${width / 3}" height="${height / 2}" fill="#e9f5db"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg))[format]().toBuffer());
}

const upload = (bytes: Uint8Array, contentType = 'image/png') => ({ image: { bytes, contentType } });

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a chunk put right after its header (signature 8 bytes + IHDR 25), as exiftool writes a Comment. */
function withPngChunk(png: Uint8Array, type: string, data: Buffer): Uint8Array {
  const bytes = Buffer.from(png);
  return new Uint8Array(Buffer.concat([bytes.subarray(0, 33), pngChunk(type, data), bytes.subarray(33)]));
}
const withPngText = (png: Uint8Array, keyword: string, value: string) =>
  withPngChunk(png, 'tEXt', Buffer.from(`${keyword}\0${value}`, 'latin1'));

/** The JPEG with a comment segment (COM) right after its start marker. */
function withJpegComment(jpeg: Uint8Array, comment: string): Uint8Array {
  const bytes = Buffer.from(jpeg);
  const body = Buffer.from(comment, 'utf8');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return new Uint8Array(Buffer.concat([bytes.subarray(0, 2), header, body, bytes.subarray(2)]));
}

async function video(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new Error('no video track');
  const stats = await track.computePacketStats();
  return {
    codec: track.codec,
    width: track.displayWidth,
    height: track.displayHeight,
    duration: await input.computeDuration(),
    frames: stats.packetCount,
  };
}

function wavInfo(bytes: Uint8Array) {
  const wav = Buffer.from(bytes);
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
  // Walk the chunks: eSpeak's header is not always the canonical 44 bytes.
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      expect(wav.readUInt16LE(offset + 8)).toBe(1); // PCM
      channels = wav.readUInt16LE(offset + 10);
      sampleRate = wav.readUInt32LE(offset + 12);
      bits = wav.readUInt16LE(offset + 22);
    }
    if (id === 'data') {
      const end = Math.min(wav.length, offset + 8 + size);
      const samples = new Int16Array((end - offset - 8) >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = wav.readInt16LE(offset + 8 + i * 2);
      return { sampleRate, channels, bits, samples, seconds: samples.length / channels / sampleRate };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error('no data chunk');
}

/** Seconds of audio whose 50 ms windows have an RMS above `floor` (of full scale). */
function audibleSeconds(samples: Int16Array, sampleRate: number, floor = 0.01): number {
  const win = Math.round(sampleRate * 0.05);
  let loud = 0;
  for (let start = 0; start + win <= samples.length; start += win) {
    let sum = 0;
    for (let i = start; i < start + win; i++) sum += (samples[i]! / 32768) ** 2;
    if (Math.sqrt(sum / win) > floor) loud++;
  }
  return loud * 0.05;
}

describe('local provider: images (sharp)', () => {
  it('draws text-to-image at the requested preset size, the same for the same input', async () => {
    const input = { prompt: 'a red fox', width: 1344, height: 768 };
    const a = file(await provider.run(job('text-to-image', input), signal()));
    expect([a.contentType, a.ext]).toEqual(['image/png', 'png']);
    const meta = await sharp(a.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1344, 768]);
    const b = file(await provider.run(job('text-to-image', input), signal()));
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    const c = file(await provider.run(job('text-to-image', { ...input, prompt: 'a blue whale' }), signal()));
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
    // Not a flat colour.
    const { channels } = await sharp(a.bytes).stats();
    expect(channels[0]!.stdev).toBeGreaterThan(5);
  });

  it('reads sizes from width/height or the aspect-ratio presets', () => {
    expect(imageSize({ width: 2048, height: 1024 })).toEqual({ width: 2048, height: 1024 });
    expect(imageSize({ width: 4096, height: 8 })).toEqual({ width: 2048, height: 16 });
    expect(imageSize({ aspect_ratio: '9:16' })).toEqual({ width: 768, height: 1344 });
    expect(imageSize({ aspect_ratio: '5:4' })).toEqual({ width: 1024, height: 819 });
    expect(imageSize({})).toEqual({ width: 1024, height: 1024 });
  });

  it('writes the advertisement at its size with the prompt as a readable headline', async () => {
    const out = file(
      await provider.run(job('text-to-advertisement', { prompt: 'SUMMER SALE', width: 832, height: 1248 }), signal()),
    );
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([832, 1248]);
    const text = textOf(await provider.run(job('image-to-text', {}, upload(out.bytes)), signal()));
    expect(text).toMatch(/SUMMER/);
    expect(text).toMatch(/SALE/);
  });

  it('transforms an upload for image-to-image (restyled, resized), restore (2× upscale) and person-to-person', async () => {
    const source = await picture(120, 80, 'jpeg');
    const raw = async (bytes: Uint8Array, w: number, h: number) =>
      sharp(bytes).resize(w, h).removeAlpha().raw().toBuffer();

    const styled = file(
      await provider.run(
        job('image-to-image', { prompt: 'oil painting', width: 96, height: 96 }, upload(source, 'image/jpeg')),
        signal(),
      ),
    );
    const styledMeta = await sharp(styled.bytes).metadata();
    expect([styledMeta.format, styledMeta.width, styledMeta.height]).toEqual(['png', 96, 96]);

    const kept = file(
      await provider.run(job('image-to-image', { prompt: 'oil painting' }, upload(source, 'image/jpeg')), signal()),
    );
    expect(await sharp(kept.bytes).metadata()).toMatchObject({ width: 120, height: 80 });
    expect((await raw(kept.bytes, 120, 80)).equals(await raw(source, 120, 80))).toBe(false);

    const restored = file(await provider.run(job('restore-image', {}, upload(source, 'image/jpeg')), signal()));
    expect(await sharp(restored.bytes).metadata()).toMatchObject({ format: 'png', width: 240, height: 160 });

    const pose = await picture(40, 60);
    const person = file(
      await provider.run(
        job(
          'person-to-person',
          {},
          { ...upload(source, 'image/jpeg'), pose_image: { bytes: pose, contentType: 'image/png' } },
        ),
        signal(),
      ),
    );
    const alone = file(await provider.run(job('person-to-person', {}, upload(source, 'image/jpeg')), signal()));
    expect(await sharp(person.bytes).metadata()).toMatchObject({ width: 120, height: 80 });
    expect((await raw(person.bytes, 120, 80)).equals(await raw(alone.bytes, 120, 80))).toBe(false);
  });

  it('refuses an unreadable or oversized upload with a message, without decoding it', async () => {
    const junk = upload(new Uint8Array(Buffer.from('\xff\xd8\xff not really a jpeg')), 'image/jpeg');
    await expect(provider.run(job('image-to-image', { prompt: 'x' }, junk), signal())).rejects.toThrow(
      /could not be read/,
    );
    // A PNG header claiming 60 000 × 60 000 pixels (3.6 gigapixels) is rejected by the pixel cap.
    const huge = Buffer.from(await picture(16, 16));
    huge.writeUInt32BE(60_000, 16);
    huge.writeUInt32BE(60_000, 20);
    const error = await provider.run(job('restore-image', {}, upload(huge)), signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/could not be read/);
  });
});

describe('local provider: image to text (tesseract.js, offline)', () => {
  it("reads 'ATELIER 2026' from a PNG", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="140"><rect width="100%" height="100%" fill="#fff"/>
      <text x="24" y="92" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="60" font-weight="bold" fill="#111">ATELIER 2026</text></svg>`;
    const png = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
    const text = textOf(await provider.run(job('image-to-text', {}, upload(png)), signal()));
    expect(text.startsWith(OFFLINE_NOTICE)).toBe(true);
    expect(text).toContain('ATELIER');
    expect(text).toContain('2026');
  });
});

describe('local provider: video (ffmpeg, H.264)', () => {
  it('renders text-to-video with the frames and fps asked for (default 14 at 6 fps)', async () => {
    const out = file(await provider.run(job('text-to-video', { prompt: 'waves', width: 160, height: 96 }), signal()));
    expect([out.contentType, out.ext]).toEqual(['video/mp4', 'mp4']);
    const info = await video(out.bytes);
    expect(info).toMatchObject({ codec: 'avc', width: 160, height: 96, frames: 14 });
    expect(info.duration).toBeCloseTo(14 / 6, 1);
    const again = file(await provider.run(job('text-to-video', { prompt: 'waves', width: 160, height: 96 }), signal()));
    expect(Buffer.from(again.bytes).equals(Buffer.from(out.bytes))).toBe(true);
  });

  it('pans and zooms over the uploaded picture for image-to-video (length × fps frames)', async () => {
    const out = file(
      await provider.run(job('image-to-video', { length: 1, fps: 12 }, upload(await picture(200, 100))), signal()),
    );
    const info = await video(out.bytes);
    expect(info).toMatchObject({ codec: 'avc', width: 200, height: 100, frames: 12 });
    expect(info.duration).toBeCloseTo(1, 1);
  });

  it('edits a clip for video editing: trim, speed and filter', async () => {
    const base = { prompt: 'city at night' };
    const trimmed = await video(
      file(await provider.run(job('video-editing', { ...base, edit: 'trim', start: 0.5, end: 1.5 }), signal())).bytes,
    );
    expect(trimmed.codec).toBe('avc');
    expect(trimmed.duration).toBeCloseTo(1, 1);
    const fast = await video(
      file(await provider.run(job('video-editing', { ...base, edit: 'speed', factor: 2 }), signal())).bytes,
    );
    expect(fast.duration).toBeCloseTo(1, 1); // the 2 s source clip at twice the speed
    const grey = file(await provider.run(job('video-editing', { prompt: 'make it black and white' }), signal()));
    expect((await video(grey.bytes)).duration).toBeCloseTo(2, 1);
    // Uploaded clips are edited as given.
    const clip = file(
      await provider.run(
        job('text-to-video', { prompt: 'a clip', num_frames: 12, fps: 6, width: 64, height: 64 }),
        signal(),
      ),
    );
    const edited = await video(
      file(
        await provider.run(
          job(
            'video-editing',
            { prompt: 'x', edit: 'filter', filter: 'sepia' },
            { video: { bytes: clip.bytes, contentType: 'video/mp4' } },
          ),
          signal(),
        ),
      ).bytes,
    );
    expect(edited).toMatchObject({ codec: 'avc', width: 64, height: 64, frames: 12 });
  });
});

describe('local provider: audio', () => {
  it('speaks a five-word prompt with eSpeak NG: at least 1 s of audible speech', async () => {
    const out = file(await provider.run(job('bark', { prompt: 'Welcome to the Atelier studio' }), signal()));
    expect([out.contentType, out.ext]).toEqual(['audio/wav', 'wav']);
    const wav = wavInfo(out.bytes);
    expect([wav.channels, wav.bits]).toEqual([1, 16]);
    expect(wav.sampleRate).toBe(22050);
    expect(audibleSeconds(wav.samples, wav.sampleRate)).toBeGreaterThanOrEqual(1);
  });

  it('synthesises music and sound to the requested duration (within 10%), not silence', async () => {
    for (const [key, duration] of [
      ['musicgen', 3],
      ['audioldm', 2],
    ] as const) {
      const wav = wavInfo(file(await provider.run(job(key, { prompt: 'calm piano', duration }), signal())).bytes);
      expect(Math.abs(wav.seconds - duration) / duration).toBeLessThan(0.1);
      expect(audibleSeconds(wav.samples, wav.sampleRate)).toBeGreaterThan(duration * 0.8);
    }
  });

  it('TOOL-35: defaults to 30 s of music and 10 s of sound', async () => {
    const music = wavInfo(file(await provider.run(job('musicgen', { prompt: 'jazz' }), signal())).bytes);
    expect(music.seconds).toBeCloseTo(30, 0);
    const sound = wavInfo(file(await provider.run(job('audioldm', { prompt: 'rain' }), signal())).bytes);
    expect(sound.seconds).toBeCloseTo(10, 0);
  });
});

describe('local provider: 3D (glTF binary)', () => {
  it('writes a GLB that @gltf-transform reads back with a mesh; quality sets the subdivisions', async () => {
    const image = upload(await picture(64, 64));
    const vertices = async (quality: string) => {
      const out = file(await provider.run(job('3d-gen', { quality }, image), signal()));
      expect([out.contentType, out.ext]).toEqual(['model/gltf-binary', 'glb']);
      const doc = await new NodeIO().readBinary(out.bytes);
      const meshes = doc.getRoot().listMeshes();
      expect(meshes).toHaveLength(1);
      const primitive = meshes[0]!.listPrimitives()[0]!;
      expect(primitive.getAttribute('NORMAL')).not.toBeNull();
      expect(primitive.getAttribute('COLOR_0')).not.toBeNull();
      return primitive.getAttribute('POSITION')!.getCount();
    };
    const low = await vertices('low');
    const high = await vertices('high');
    expect(high).toBeGreaterThan(low * 4);
  });
});

describe('local provider: text and code', () => {
  it('writes labelled text from the prompt', async () => {
    const text = textOf(await provider.run(job('text-to-text', { prompt: 'spring in Paris' }), signal()));
    expect(text.split('\n')[0]).toMatch(/offline preview model/);
    expect(text).toContain('spring in Paris');
    // A creator reads a plain offline note; how to configure a real model is the README's.
    expect(text).not.toMatch(/OPENAI_API_KEY|configure/i);
  });

  it('writes code in the language asked for, TypeScript by default, commented as offline output', async () => {
    const ts = textOf(await provider.run(job('code-generation', { prompt: 'sort a list "fast"\nplease' }), signal()));
    expect(ts).toMatch(/^\/\/ Offline preview output \(typescript\)/);
    expect(ts).toContain('const request: string = "sort a list \\"fast\\" please";');
    expect(
      () =>
        new Function(
          ts
            .replace(/^export /m, '')
            .replace(': void', '')
            .replace(': string', ''),
        ),
    ).not.toThrow();
    const py = textOf(await provider.run(job('code-generation', { prompt: 'hello', language: 'Python' }), signal()));
    expect(py).toMatch(/^# Offline preview output \(python\)/);
    expect(py).toContain('def main() -> None:');
    expect(`${ts}${py}`).not.toMatch(/OPENAI_API_KEY|configure/i);
  });
});

describe('local provider: markers, cancellation and latency', () => {
  it('[fail] fails the run with a message', async () => {
    const error = await provider
      .run(job('text-to-image', { prompt: 'a cat [fail]' }), signal())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(/\[fail\]/);
  });

  it('reads the text metadata of a PNG (tEXt, uncompressed iTXt) and a JPEG (COM), without decoding the picture', async () => {
    const png = await picture(32, 24);
    expect(imageTexts(png)).toEqual([]);
    const commented = withPngText(png, 'Comment', 'an old photo [fail]');
    const international = withPngChunk(
      commented,
      'iTXt',
      Buffer.concat([Buffer.from('Description\0\0\0en\0Beschreibung\0', 'latin1'), Buffer.from('café [slow]', 'utf8')]),
    );
    const compressed = withPngChunk(png, 'iTXt', Buffer.from('Description\0\u0001\0\0\0xxxx', 'latin1'));
    expect(imageTexts(international)).toEqual(['Description: café [slow]', 'Comment: an old photo [fail]']);
    expect(imageTexts(compressed)).toEqual([]);
    // sharp still decodes the commented file: it is a valid PNG.
    expect(await sharp(commented).metadata()).toMatchObject({ format: 'png', width: 32, height: 24 });
    const jpeg = withJpegComment(await picture(32, 24, 'jpeg'), 'scanned [fail]');
    expect(imageTexts(jpeg)).toEqual(['scanned [fail]']);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 24 });
    // Truncated in the middle of a chunk: what was read before, no error.
    expect(imageTexts(commented.subarray(0, 40))).toEqual([]);
    expect(imageTexts(new Uint8Array([1, 2, 3]))).toEqual([]);
  });

  it('[fail] in an uploaded picture’s metadata fails restore and image to text, which have no prompt', async () => {
    const png = withPngText(await picture(64, 48), 'Comment', '[fail]');
    const restore = await provider.run(job('restore-image', {}, upload(png)), signal()).catch((e: unknown) => e);
    expect(restore).toBeInstanceOf(ProviderError);
    expect((restore as Error).message).toBe(
      'The offline preview model failed this run on purpose ([fail] in the uploaded image’s metadata).',
    );
    const jpeg = withJpegComment(await picture(64, 48, 'jpeg'), 'please [FAIL] this');
    const read = await provider
      .run(job('image-to-text', {}, upload(jpeg, 'image/jpeg')), signal())
      .catch((e: unknown) => e);
    expect(read).toBeInstanceOf(ProviderError);
    expect((read as Error).message).toMatch(/\[fail\] in the uploaded image’s metadata/);
    // Other metadata leaves the run alone.
    const plain = withPngText(await picture(64, 48), 'Comment', 'my grandmother, 1962');
    const restored = file(await provider.run(job('restore-image', {}, upload(plain)), signal()));
    expect(await sharp(restored.bytes).metadata()).toMatchObject({ width: 128, height: 96 });
  });

  it('[busy] in an uploaded picture’s metadata is refused before any work, with 504', async () => {
    const busy = job('restore-image', {}, upload(withPngText(await picture(32, 32), 'Comment', '[busy]')));
    expect(() => provider.admit?.(busy)).toThrow(ProviderBusyError);
    expect(() => provider.admit?.(busy)).toThrow(/\[busy\] in the uploaded image’s metadata/);
  });

  it('image to text fails the run when the text it reads has [fail] in it', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="140"><rect width="100%" height="100%" fill="#fff"/>
      <text x="24" y="92" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="60" font-weight="bold" fill="#111">[fail] NOTE</text></svg>`;
    const png = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(imageTexts(png)).toEqual([]);
    const error = await provider.run(job('image-to-text', {}, upload(png)), signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe(OCR_FAIL_MESSAGE);
  });

  it('[busy] is refused before any work, with HTTP status 504', async () => {
    const busy = job('text-to-text', { prompt: 'hello [BUSY]' });
    expect(() => provider.admit?.(busy)).toThrow(ProviderBusyError);
    const error = await provider.run(busy, signal()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderBusyError);
    expect((error as ProviderBusyError).httpStatus).toBe(504);
    expect(() => provider.admit?.(job('text-to-text', { prompt: 'hello' }))).not.toThrow();
  });

  it('[slow] waits LOCAL_SLOW_MS (shrunk here), then answers; aborting stops it', async () => {
    const started = Date.now();
    const text = textOf(await provider.run(job('text-to-text', { prompt: 'tea [slow]' }), signal()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(text).toContain('tea');
    expect(text).not.toContain('[slow]');

    const controller = new AbortController();
    const run = createLocalProvider({ pool, slowMs: 60_000 }).run(
      job('text-to-text', { prompt: '[slow]' }),
      controller.signal,
    );
    setTimeout(() => controller.abort(new Error('client gave up')), 50);
    await expect(run).rejects.toThrow('client gave up');
  });

  it('reads LOCAL_SLOW_MS from the environment', async () => {
    // Parsed once by server/config.ts and handed to the instance's providers (server/bootstrap.ts).
    const config = loadConfig({ LOCAL_SLOW_MS: '150' });
    const started = Date.now();
    await createProviders(config, pool).local.run(job('text-to-text', { prompt: '[slow]' }), signal());
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider.run(job('text-to-text', { prompt: 'x' }), controller.signal)).rejects.toThrow();
  });

  it('stops a running media job when aborted', async () => {
    const controller = new AbortController();
    const run = provider.run(job('musicgen', { prompt: 'long', duration: 120 }), controller.signal);
    setTimeout(() => controller.abort(new Error('stopped by test')), 30);
    await expect(run).rejects.toThrow('stopped by test');
  });

  it('stops during its artificial latency when aborted', async () => {
    const slow = createLocalProvider({ pool, latencyMs: 60_000 });
    const controller = new AbortController();
    const run = slow.run(job('text-to-text', { prompt: 'x' }), controller.signal);
    controller.abort(new Error('stopped by test'));
    await expect(run).rejects.toThrow('stopped by test');
  });
});

describe('RUNS-26: the offline provider reports its steps', () => {
  it('its waiting in rising steps up to 80 %, then 100 when the work is done', async () => {
    const reports: number[] = [];
    const result = await createLocalProvider({ pool, latencyMs: 500 }).run(
      job('text-to-text', { prompt: 'steps' }),
      signal(),
      { progress: (percent) => reports.push(percent) },
    );
    expect(textOf(result)).toContain('steps');
    expect(reports).toEqual([0, 16, 32, 48, 64, 80, 100]);
  });

  it('a run without latency reports its start and its end; without a track nothing is asked of it', async () => {
    const reports: number[] = [];
    await provider.run(job('text-to-image', { prompt: 'quick', width: 64, height: 64 }), signal(), {
      progress: (percent) => reports.push(percent),
    });
    expect(reports).toEqual([0, 100]);
    expect(
      file(await provider.run(job('text-to-image', { prompt: 'quick', width: 64, height: 64 }), signal())).ext,
    ).toBe('png');
  });

  it('a failed run reports no end', async () => {
    const reports: number[] = [];
    await expect(
      provider.run(job('text-to-text', { prompt: 'no [fail]' }), signal(), {
        progress: (percent) => reports.push(percent),
      }),
    ).rejects.toThrow('failed this run on purpose');
    expect(reports).not.toContain(100);
  });
});
