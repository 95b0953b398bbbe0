/**
 * The offline models (MODEL-1, MODEL-2) through the real worker pool: one pool, whose single model
 * thread loads each model once for the whole file. Figures (PSNR, SSIM) are printed for the README;
 * only comparisons are asserted.
 */
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { createLocalProvider } from '../../server/providers/local';
import type { GenerationJob, ProviderResult } from '../../server/providers/types';
import { createWorkerPool } from '../../server/workers/pool';
import { loadConfig } from '../../server/config';
import { toolByKey } from '../../src/catalog';
import { fromRaw, halve, mean, original, photoDir, photos, psnr, raw, structural, type Raw } from './models/quality';

const pool = createWorkerPool({ maxThreads: 1, modelThreads: 1 });
afterAll(() => pool.close());
const models = loadConfig({ MODELS: 'on' }).models;
const provider = createLocalProvider({ pool, models });
const photo = (file: string) => new Uint8Array(fs.readFileSync(path.join(photoDir, file)));

function job(key: 'restore-image' | 'image-to-text', bytes: Uint8Array): GenerationJob {
  const tool = toolByKey(key);
  return {
    tool,
    input: { ...tool.defaultParams, image: '/files/uploads/x.png' },
    images: { image: { bytes, contentType: 'image/png' } },
  };
}
const signal = () => AbortSignal.timeout(120_000);
/** Model runs on two cores shared with the other suites: seconds each, minutes when the machine is loaded. */
const MODEL_TEST_MS = 180_000;
const textOf = (result: ProviderResult) => (result.output.kind === 'text' ? result.output.text : '');
const png = async (bytes: Uint8Array) => raw(sharp(bytes));

describe('offline models', () => {
  it(
    'MODEL-1: ESRGAN-slim restores five photos (their middle 256²) downscaled 2× better (SSIM) than the classic enlargement',
    async () => {
      const rows: string[] = [];
      const model = { psnr: [] as number[], ssim: [] as number[] };
      const classic = { psnr: [] as number[], ssim: [] as number[] };
      const tool = { psnr: [] as number[], ssim: [] as number[] };
      const classicTool = { psnr: [] as number[], ssim: [] as number[] };
      for (const file of photos) {
        const source = await original(file);
        const small = await halve(source);
        // The model step alone, and the classic enlargement step it replaces.
        const up = await pool.run('image.upscale', small, {});
        const plain = await raw(fromRaw(small).resize(source.width, source.height, { kernel: 'lanczos3' }));
        // The whole tool, model and classic (clean-up first in both).
        const smallPng = new Uint8Array(await fromRaw(small).png().toBuffer());
        const restored = await provider.run(job('restore-image', smallPng), signal());
        expect(restored.model).toBe('ESRGAN-slim 2× (offline model)');
        const restoredRaw = await png(
          restored.output.kind === 'files' ? restored.output.files[0]!.bytes : new Uint8Array(),
        );
        const classicProvider = createLocalProvider({ pool });
        const classicRun = await classicProvider.run(job('restore-image', smallPng), signal());
        const classicRaw = await png(
          classicRun.output.kind === 'files' ? classicRun.output.files[0]!.bytes : new Uint8Array(),
        );
        expect([up.width, up.height, restoredRaw.width, restoredRaw.height]).toEqual([
          source.width,
          source.height,
          source.width,
          source.height,
        ]);
        const add = (into: { psnr: number[]; ssim: number[] }, image: Raw) => {
          into.psnr.push(psnr(source, image));
          into.ssim.push(structural(source, image));
        };
        add(model, up);
        add(classic, plain);
        add(tool, restoredRaw);
        add(classicTool, classicRaw);
        rows.push(
          `${file.padEnd(14)} model ${model.psnr.at(-1)!.toFixed(2)} dB ${model.ssim.at(-1)!.toFixed(3)} | ` +
            `classic ${classic.psnr.at(-1)!.toFixed(2)} dB ${classic.ssim.at(-1)!.toFixed(3)} | ` +
            `tool ${tool.psnr.at(-1)!.toFixed(2)} dB ${tool.ssim.at(-1)!.toFixed(3)} | ` +
            `classic tool ${classicTool.psnr.at(-1)!.toFixed(2)} dB ${classicTool.ssim.at(-1)!.toFixed(3)}`,
        );
      }
      const line = (name: string, f: { psnr: number[]; ssim: number[] }) =>
        `${name}: ${mean(f.psnr).toFixed(2)} dB, SSIM ${mean(f.ssim).toFixed(3)}`;
      console.log(
        [
          ...rows,
          line('model step', model),
          line('classic step', classic),
          line('tool (model)', tool),
          line('tool (classic)', classicTool),
        ].join('\n'),
      );
      expect(mean(model.ssim)).toBeGreaterThan(mean(classic.ssim));
    },
    MODEL_TEST_MS,
  );

  it(
    'MODEL-1: above the pixel cap Restore Image uses the classic enlargement and says so',
    async () => {
      const capped = createLocalProvider({ pool, models: { ...models, restoreMaxPixels: 10_000 } });
      const small = new Uint8Array(await sharp(photo('chelsea.png')).resize(200, 133).png().toBuffer());
      const result = await capped.run(job('restore-image', small), signal());
      expect(result.model).toBe(
        'offline preview model (classic enlargement): the picture is larger than the 0.01 MP the offline model takes',
      );
      const meta = await sharp(result.output.kind === 'files' ? result.output.files[0]!.bytes : undefined).metadata();
      expect([meta.width, meta.height]).toEqual([400, 266]);
    },
    MODEL_TEST_MS,
  );

  it(
    'MODEL-2: Image to Text describes a photo without text (a person), hedged, without age unless allowed',
    async () => {
      const text = textOf(await provider.run(job('image-to-text', photo('astronaut.png')), signal()));
      expect(text).toMatch(/What the detection model likely sees \(it can be wrong\):/);
      expect(text).toMatch(/- (likely|possibly) one person/);
      expect(text).not.toMatch(/approximate|age about/);
      const approximate = createLocalProvider({
        pool,
        models: { ...models, describe: { ...models.describe, approximate: true } },
      });
      const detailed = textOf(await approximate.run(job('image-to-text', photo('astronaut.png')), signal()));
      expect(detailed).toMatch(/face 1 \(approximate\): age about \d+/);
    },
    MODEL_TEST_MS,
  );

  it(
    'MODEL-2: Image to Text still reads the words of a picture of text',
    async () => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160"><rect width="100%" height="100%" fill="#fff"/><text x="40" y="105" font-family="DejaVu Sans, sans-serif" font-size="72" fill="#000">ATELIER 2026</text></svg>`;
      const words = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
      const result = await provider.run(job('image-to-text', words), signal());
      expect(textOf(result)).toContain('ATELIER 2026');
      expect(textOf(result)).not.toContain('detection model');
    },
    MODEL_TEST_MS,
  );
});
