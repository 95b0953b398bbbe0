/** /api/generate… and /api/prediction/{id}. Runs are priced from the catalogue, never from the client. */
import { Hono, type Context } from 'hono';
import { GenerateBody } from '../../src/api/schemas';
import { predictionEndpoints } from '../../src/catalog';
import type { AppEnv } from '../context';
import { limitByAccount } from '../middleware/rate-limit';
import { requireAuth } from '../middleware/require-auth';
import { generateImage, predictionFor, startGeneration } from '../services/generation';
import { HttpError } from '../errors';
import { readBody } from '../validate';

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

export const generateRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .use(limitByAccount('generate'))
  .post('/', async (c) => {
    const body = await readBody(c, GenerateBody);
    const { id, credits } = await startGeneration(c.var.deps, c.var.userId, body, 'any', idempotencyKey(c));
    return c.json({ id, credits }, 201);
  })
  // Synchronous: answers with the stored output once the run ends.
  .post('/image', async (c) => {
    const body = await readBody(c, GenerateBody);
    const endpoints = ['/api/generate/image', '/api/generate/restore'];
    return c.json(await generateImage(c.var.deps, c.var.userId, body, endpoints, idempotencyKey(c)));
  });

for (const endpoint of predictionEndpoints) {
  generateRoutes.post(endpoint.slice('/api/generate'.length), async (c) => {
    const body = await readBody(c, GenerateBody);
    const { id, credits } = await startGeneration(c.var.deps, c.var.userId, body, [endpoint], idempotencyKey(c));
    return c.json({ id, credits }, 201);
  });
}

export const predictionRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/:id', async (c) => c.json(await predictionFor(c.var.deps.db, c.var.userId, c.req.param('id'))));
