/** /api/generate… and /api/prediction/{id}. Runs are priced from the catalogue, never from the client. */
import { Hono, type Context } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { limitByAccount } from '../middleware/rate-limit';
import { generateImage, predictionFor, startGeneration } from '../services/generation';
import { HttpError } from '../errors';

const idempotencyKeyRe = /^[A-Za-z0-9_-]{8,128}$/;

/** The optional Idempotency-Key header: 8–128 characters of A–Z, a–z, 0–9, '_' and '-'. */
function idempotencyKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) return undefined;
  if (!idempotencyKeyRe.test(key)) {
    throw new HttpError(400, 'The Idempotency-Key header must be 8 to 128 characters of letters, digits, "_" or "-".');
  }
  return key;
}

/** The tool endpoints of the catalogue (tools whose run is not 'single'), one operation each. */
export const toolStarts = [
  ops.generatePerson,
  ops.generateRestore,
  ops.generateVideo,
  ops.generateText,
  ops.generateCode,
  ops.generateImageToText,
  ops.generate3d,
  ops.generateMusic,
  ops.generateSound,
  ops.generateVoice,
] as const;

export const generateRoutes = new Hono<AppEnv>();
const limit = limitByAccount('generate');

bind(
  generateRoutes,
  ops.startGeneration,
  async (c, { body }) => {
    const { id, credits } = await startGeneration(c.var.deps, c.var.userId, body, 'any', idempotencyKey(c));
    return { id, credits };
  },
  limit,
);
// Synchronous: answers with the stored output once the run ends.
bind(
  generateRoutes,
  ops.generateImage,
  async (c, { body }) =>
    generateImage(
      c.var.deps,
      c.var.userId,
      body,
      [ops.generateImage.path, ops.generateRestore.path],
      idempotencyKey(c),
    ),
  limit,
);
for (const op of toolStarts) {
  bind(
    generateRoutes,
    op,
    async (c, { body }) => {
      const { id, credits } = await startGeneration(c.var.deps, c.var.userId, body, [op.path], idempotencyKey(c));
      return { id, credits };
    },
    limit,
  );
}

bind(generateRoutes, ops.getPrediction, async (c, { params }) => predictionFor(c.var.deps.db, c.var.userId, params.id));
