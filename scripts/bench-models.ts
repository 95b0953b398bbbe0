/**
 * npm run bench:models — the offline models on this machine: for each model, in a fresh process (one
 * model thread's worth of work, on the main thread, no pool around it): cold load time, RSS before and
 * after the load and at the peak of the runs, and the time per picture over the five fixture photos.
 * Restore runs ESRGAN-slim on each photo downscaled 2× (the test's input); describe and moderate take the
 * photos as they are; 'all' loads the three in one process (one model thread of the pool after it served
 * every tool) and runs moderate, describe and restore (of a 128² copy) on each photo. Prints figures only (a busy machine gives slower numbers: read them as ratios).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createTaskContext } from '../server/workers/context';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const photoDir = path.join(root, 'tests/fixtures/photos');
const photos = ['astronaut.png', 'camera.png', 'chelsea.png', 'coffee.png', 'rocket.jpg'];
const kinds = ['restore', 'describe', 'moderate', 'all'] as const;
type Kind = (typeof kinds)[number];
const mb = (bytes: number) => Math.round(bytes / 1048576);

async function child(kind: Kind): Promise<void> {
  const ctx = createTaskContext(undefined);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const before = process.memoryUsage().rss;
  const started = performance.now();
  let run: (image: Uint8Array) => Promise<unknown>;
  if (kind === 'restore') {
    const { upscale2x, upscaleModel } = await import('../server/providers/media/upscale');
    await upscaleModel();
    run = async (image) => {
      const { data, info } = await sharp(image)
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const small = await sharp(data, { raw: info })
        .resize(Math.floor(info.width / 2), Math.floor(info.height / 2))
        .raw()
        .toBuffer({ resolveWithObject: true });
      return upscale2x({ data: small.data, width: small.info.width, height: small.info.height }, ctx);
    };
  } else if (kind === 'describe') {
    const { detect, humanModels } = await import('../server/providers/media/describe');
    await humanModels();
    run = (image) => detect(image, ctx);
  } else if (kind === 'all') {
    // One model thread as the pool keeps it after serving every tool: the three models in one tfjs.
    const up = await import('../server/providers/media/upscale');
    const de = await import('../server/providers/media/describe');
    const mo = await import('../server/providers/media/moderate');
    await Promise.all([up.upscaleModel(), de.humanModels(), mo.moderationModel()]);
    run = async (image) => {
      await mo.classifyImage({ image }, ctx);
      await de.detect(image, ctx);
      const { data, info } = await sharp(image)
        .resize(128, 128)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return up.upscale2x({ data, width: info.width, height: info.height }, ctx);
    };
  } else {
    const { classifyImage, moderationModel } = await import('../server/providers/media/moderate');
    await moderationModel();
    run = (image) => classifyImage({ image }, ctx);
  }
  const loadMs = performance.now() - started;
  const afterLoad = process.memoryUsage().rss;
  const times: number[] = [];
  for (const file of photos) {
    const image = new Uint8Array(fs.readFileSync(path.join(photoDir, file)));
    const t = performance.now();
    await run(image);
    times.push(performance.now() - t);
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ kind, loadMs, before, afterLoad, peak, times }));
}

function main(): void {
  console.log('model     cold load  per picture (first / mean of the rest)  RSS before → after load → peak');
  for (const kind of kinds) {
    const out = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), kind], {
      cwd: root,
      encoding: 'utf8',
    });
    const line = out.stdout.trim().split('\n').at(-1) ?? '';
    if (out.status !== 0 || !line.startsWith('{')) {
      console.log(`${kind}: failed\n${out.stderr}`);
      continue;
    }
    const r = JSON.parse(line) as { loadMs: number; before: number; afterLoad: number; peak: number; times: number[] };
    const rest = r.times.slice(1);
    const mean = rest.reduce((s, v) => s + v, 0) / rest.length;
    console.log(
      `${kind.padEnd(9)} ${`${Math.round(r.loadMs)} ms`.padStart(9)}  ${`${Math.round(r.times[0]!)} ms / ${Math.round(mean)} ms`.padEnd(38)} ` +
        `${mb(r.before)} → ${mb(r.afterLoad)} → ${mb(r.peak)} MB`,
    );
  }
}

const asked = process.argv[2];
if (asked && (kinds as readonly string[]).includes(asked)) await child(asked as Kind);
else main();
