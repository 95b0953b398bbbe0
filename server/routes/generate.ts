/** /api/generate… and /api/prediction/{id}. Runs are priced from the catalogue, never from the client. */
import { Hono, type Context } from 'hono';
import { GenerateBody } from '../../src/api/schemas';
import { predictionEndpoints, type Endpoint } from '../../src/catalog';
import { requireAuth } from '../auth';
import type { AppEnv } from '../context';
import { HttpError } from '../errors';
import {
  timedOutMessage,
  getPrediction,
  prepareInput,
  startPrediction,
  toPredictionAnswer,
  toolForEndpoint,
} from '../generation';
import { readBody } from '../validate';

async function start(c: Context<AppEnv>, endpoints: readonly Endpoint[] | 'any') {
  const body = await readBody(c, GenerateBody);
  const tool = toolForEndpoint(body.modelId, endpoints);
  const prepared = await prepareInput(c.var.deps, c.var.userId, tool, body.input);
  return { tool, ...(await startPrediction(c.var.deps, c.var.userId, tool, prepared, body.version)) };
}

export const generateRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post('/', async (c) => {
    const { id, credits } = await start(c, 'any');
    return c.json({ id, credits }, 201);
  })
  // Synchronous: answers with the stored output once the run ends.
  .post('/image', async (c) => {
    const { done, credits } = await start(c, ['/api/generate/image', '/api/generate/restore']);
    const row = await done;
    if (row.status !== 'succeeded' || !row.output) {
      // The reservation has been refunded by now.
      if (row.error === timedOutMessage)
        throw new HttpError(504, 'The request timed out. Please try again with a simpler prompt.');
      throw new HttpError(502, row.error ?? 'Generation failed');
    }
    const output = Array.isArray(row.output) ? row.output[0]! : row.output;
    return c.json({ output, credits });
  });

for (const endpoint of predictionEndpoints) {
  generateRoutes.post(endpoint.slice('/api/generate'.length), async (c) => {
    const { id, credits } = await start(c, [endpoint]);
    return c.json({ id, credits }, 201);
  });
}

export const predictionRoutes = new Hono<AppEnv>().use(requireAuth).get('/:id', async (c) => {
  const row = await getPrediction(c.var.deps.db, c.req.param('id'));
  // Someone else's prediction is answered exactly like a missing one.
  if (!row || row.userId !== c.var.userId) throw new HttpError(404, 'Prediction not found');
  return c.json(toPredictionAnswer(row));
});
