import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toolByKey, type ToolKey } from '../../../src/catalog';
import { createLocalProvider, imageSize, OFFLINE_MODEL } from '../../../server/providers/local';
import { decodePng, encodePng } from '../../../server/providers/media/png';
import type { GenerationJob, ProviderResult } from '../../../server/providers/types';

const provider = createLocalProvider();
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

describe('local provider: images', () => {
  it('makes a PNG at the requested size, the same for the same input and different otherwise', async () => {
    const a = file(await provider.run(job('text-to-image', { prompt: 'a red fox', width: 64, height: 40 }), signal()));
    const b = file(await provider.run(job('text-to-image', { prompt: 'a red fox', width: 64, height: 40 }), signal()));
    const c = file(
      await provider.run(job('text-to-image', { prompt: 'a blue whale', width: 64, height: 40 }), signal()),
    );
    expect(a.contentType).toBe('image/png');
    expect(a.ext).toBe('png');
    const image = decodePng(a.bytes);
    expect([image?.width, image?.height]).toEqual([64, 40]);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
    expect(Buffer.from(a.bytes).equals(Buffer.from(c.bytes))).toBe(false);
    // Not a flat colour: an artwork has many distinct pixels.
    const distinct = new Set<number>();
    for (let i = 0; i < image!.pixels.length; i += 4)
      distinct.add(image!.pixels[i]! * 65536 + image!.pixels[i + 1]! * 256 + image!.pixels[i + 2]!);
    expect(distinct.size).toBeGreaterThan(50);
  });

  it('caps the longest side at 1024 and reads aspect ratios', () => {
    expect(imageSize({ width: 2048, height: 1024 })).toEqual({ width: 1024, height: 512 });
    expect(imageSize({ aspect_ratio: '9:16' })).toEqual({ width: 576, height: 1024 });
    expect(imageSize({})).toEqual({ width: 1024, height: 1024 });
  });

  it('transforms a PNG input for image-to-image and restore, keeping its size', async () => {
    const pixels = new Uint8Array(20 * 10 * 3).map((_, i) => 100 + (i % 50));
    const png = encodePng({ width: 20, height: 10, channels: 3, pixels });
    const images = { image: { bytes: png, contentType: 'image/png' } };
    for (const key of ['image-to-image', 'restore-image', 'person-to-person'] as const) {
      const out = file(await provider.run(job(key, { prompt: 'oil painting' }, images), signal()));
      const decoded = decodePng(out.bytes)!;
      expect([decoded.width, decoded.height]).toEqual([20, 10]);
      expect(Buffer.from(decoded.pixels).equals(Buffer.from(pixels))).toBe(false);
    }
  });

  it('generates an image when the input image is not a decodable PNG', async () => {
    const images = { image: { bytes: Buffer.from('\xff\xd8\xff not really a jpeg'), contentType: 'image/jpeg' } };
    const out = file(
      await provider.run(job('image-to-image', { prompt: 'x', width: 32, height: 32 }, images), signal()),
    );
    expect(decodePng(out.bytes)?.width).toBe(32);
  });
});

describe('local provider: audio, video, 3D', () => {
  it('makes WAV music capped at 10 seconds', async () => {
    const out = file(await provider.run(job('musicgen', { prompt: 'calm piano', duration: 30 }), signal()));
    expect(out.contentType).toBe('audio/wav');
    const wav = Buffer.from(out.bytes);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
    expect(seconds).toBeCloseTo(10, 1);
    // Not silence.
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(3000);
  });

  it('makes different sounds for sound effects and voice, with durations from the input', async () => {
    const fx = Buffer.from(file(await provider.run(job('audioldm', { prompt: 'rain', duration: 2 }), signal())).bytes);
    expect(fx.readUInt32LE(40) / fx.readUInt32LE(28)).toBeCloseTo(2, 1);
    const voice = Buffer.from(file(await provider.run(job('bark', { prompt: 'Hello there' }), signal())).bytes);
    expect(voice.toString('latin1', 8, 12)).toBe('WAVE');
    expect(voice.readUInt32LE(40) / voice.readUInt32LE(28)).toBeGreaterThanOrEqual(1);
  });

  it('makes an MP4 video deterministically', async () => {
    const a = file(await provider.run(job('text-to-video', { prompt: 'waves' }), signal()));
    expect(a.contentType).toBe('video/mp4');
    expect(a.ext).toBe('mp4');
    expect(Buffer.from(a.bytes).toString('latin1', 4, 8)).toBe('ftyp');
    const b = file(await provider.run(job('text-to-video', { prompt: 'waves' }), signal()));
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it('makes a GLB model', async () => {
    const out = file(await provider.run(job('3d-gen', { prompt: 'a vase' }), signal()));
    expect(out.contentType).toBe('model/gltf-binary');
    expect(out.ext).toBe('glb');
    const glb = Buffer.from(out.bytes);
    expect(glb.toString('latin1', 0, 4)).toBe('glTF');
    expect(glb.readUInt32LE(4)).toBe(2);
  });
});

describe('local provider: text and code', () => {
  it('writes labelled text from the prompt', async () => {
    const text = textOf(await provider.run(job('text-to-text', { prompt: 'spring in Paris' }), signal()));
    expect(text.split('\n')[0]).toMatch(/offline preview model/);
    expect(text).toContain('spring in Paris');
  });

  it('writes code in the language asked for, TypeScript by default, commented as offline output', async () => {
    const ts = textOf(await provider.run(job('code-generation', { prompt: 'sort a list "fast"\nplease' }), signal()));
    expect(ts).toMatch(/^\/\/ Offline preview output \(typescript\)/);
    expect(ts).toContain('const request: string = "sort a list \\"fast\\" please";');
    // The generated TypeScript actually parses as JavaScript once types are removed.
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
  });

  it('describes an image for image-to-text', async () => {
    const png = encodePng({ width: 4, height: 2, channels: 3, pixels: new Uint8Array(24).fill(10) });
    const text = textOf(
      await provider.run(job('image-to-text', {}, { image: { bytes: png, contentType: 'image/png' } }), signal()),
    );
    expect(text).toContain('offline preview model');
    expect(text).toContain('4 × 2');
  });
});

describe('local provider: cancellation and latency', () => {
  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider.run(job('text-to-text', { prompt: 'x' }), controller.signal)).rejects.toThrow();
  });

  it('stops during its artificial latency when aborted', async () => {
    const slow = createLocalProvider({ latencyMs: 60_000 });
    const controller = new AbortController();
    const run = slow.run(job('text-to-text', { prompt: 'x' }), controller.signal);
    controller.abort(new Error('stopped by test'));
    await expect(run).rejects.toThrow('stopped by test');
  });

  it('PNG output inflates to the right size', async () => {
    const out = file(
      await provider.run(job('text-to-advertisement', { prompt: 'shoes', width: 24, height: 16 }), signal()),
    );
    const idatStart = Buffer.from(out.bytes).indexOf('IDAT') + 4;
    const length = Buffer.from(out.bytes).readUInt32BE(idatStart - 8);
    expect(inflateSync(Buffer.from(out.bytes).subarray(idatStart, idatStart + length)).length).toBe((24 * 4 + 1) * 16);
  });
});
