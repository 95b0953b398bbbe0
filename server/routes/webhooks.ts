/** /api/webhooks: Replicate's signed webhook, which ends a remote run on whichever process receives it (CALL-5). */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { receiveReplicateWebhook } from '../services/generation/replicate-webhook';

export const webhookRoutes = new Hono<AppEnv>();

bind(webhookRoutes, ops.replicateWebhook, async (c) => {
  // The signature covers the exact bytes, so read the raw body before anything parses it (no body schema).
  const raw = await c.req.text();
  const outcome = await receiveReplicateWebhook(c.var.deps, raw, {
    id: c.req.header('webhook-id'),
    timestamp: c.req.header('webhook-timestamp'),
    signature: c.req.header('webhook-signature'),
  });
  return { received: true, outcome };
});
