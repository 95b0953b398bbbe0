/**
 * Run by tests/server/offline-network.test.ts in a child process cut off from the network: the three
 * model tools through the real pool, from a fresh start (models loaded from node_modules there and then).
 * Prints one JSON line: whether the network was reachable, and what each tool answered.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../../server/config';
import { createLocalProvider } from '../../../server/providers/local';
import type { GenerationJob } from '../../../server/providers/types';
import { createWorkerPool } from '../../../server/workers/pool';
import { toolByKey } from '../../../src/catalog';

const photos = path.resolve(import.meta.dirname, '../../fixtures/photos');
const models = loadConfig({ MODELS: 'on' }).models;
const pool = createWorkerPool({ maxThreads: 1, modelThreads: 1 });
const provider = createLocalProvider({ pool, models });
const job = (key: 'restore-image' | 'image-to-text', bytes: Uint8Array): GenerationJob => ({
  tool: toolByKey(key),
  input: { image: '/files/uploads/x.png' },
  images: { image: { bytes, contentType: 'image/png' } },
});

const network = await fetch('https://registry.npmjs.org/', { signal: AbortSignal.timeout(5000) }).then(
  () => 'reachable',
  () => 'unreachable',
);
const astronaut = new Uint8Array(fs.readFileSync(path.join(photos, 'astronaut.png')));
const small = new Uint8Array(await sharp(astronaut).resize(128, 128).png().toBuffer());
const signal = AbortSignal.timeout(300_000);
try {
  const restored = await provider.run(job('restore-image', small), signal);
  const described = await provider.run(job('image-to-text', astronaut), signal);
  const moderated = await pool.run('image.moderate', { image: small });
  console.log(
    JSON.stringify({
      network,
      restore: restored.model,
      text: described.output.kind === 'text' ? described.output.text : '',
      unsafe: moderated.unsafe,
    }),
  );
} finally {
  await pool.close();
}
