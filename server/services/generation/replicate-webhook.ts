/**
 * Replicate's webhook (CALL-5): a prediction's completed event, signed as Replicate documents it (Standard
 * Webhooks: `webhook-id`, `webhook-timestamp` in unix seconds, `webhook-signature` = space-separated
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` under the base64 key after `whsec_`), compared in
 * constant time, with a five-minute tolerance both ways on the timestamp.
 *
 * Any web process may receive it: it stores the prediction's end (status, output, error) on the run found by
 * `remote_id`, once, and only while the run is processing; the worker waiting on that run reads the row every
 * poll interval and finishes it (outputs downloaded, stored, the run succeeded or refunded) as after a poll.
 * Repeated or late deliveries and unknown ids answer 200 and change nothing (Replicate stops retrying).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../context';
import { predictions } from '../../db/schema';
import { HttpError } from '../../errors';

/** How far the webhook's timestamp may be from our clock, either way (Standard Webhooks' default). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const TERMINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

export interface WebhookHeaders {
  readonly id: string | undefined;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

const invalidSignature = () => new HttpError(401, 'Invalid webhook signature');

/** Throws a 400 (headers missing or malformed) or a 401 (stale, or not signed with our secret). */
function verify(secret: string, raw: string, headers: WebhookHeaders, now: Date): void {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) {
    throw new HttpError(400, 'Missing webhook-id, webhook-timestamp or webhook-signature');
  }
  if (!raw) throw new HttpError(400, 'The webhook body is empty');
  if (!/^\d{1,12}$/.test(timestamp)) throw new HttpError(400, 'Malformed webhook-timestamp');
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new HttpError(401, 'Webhook timestamp is outside the tolerance');
  }
  // Standard Webhooks: HMAC-SHA256 of "{id}.{timestamp}.{body}" under the base64 key after `whsec_`, compared
  // in constant time with each versioned (v1,…) signature of the header.
  const key = Buffer.from(secret.slice(secret.indexOf('_') + 1), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${raw}`).digest();
  const valid = signature.split(' ').some((part) => {
    if (!part.startsWith('v1,')) return false;
    const given = Buffer.from(part.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw invalidSignature();
}

/** The prediction the body reports: its id and terminal end, or undefined for another event. */
function completedPrediction(raw: string) {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The webhook body is not JSON');
  }
  const p = body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  if (typeof p?.['id'] !== 'string' || typeof p['status'] !== 'string') {
    throw new HttpError(400, 'The webhook body is not a prediction');
  }
  const id = p['id'];
  const status = p['status'];
  return TERMINAL.has(status)
    ? { id, result: { status, output: p['output'] ?? null, error: p['error'] ?? null } }
    : undefined;
}

/**
 * Verifies and applies one webhook delivery. 404 when REPLICATE_WEBHOOK_SECRET is not set (nothing could be
 * verified); a failure of the database throws (500: Replicate delivers it again).
 */
export async function receiveReplicateWebhook(
  deps: Pick<AppDeps, 'config' | 'db' | 'now'>,
  raw: string,
  headers: WebhookHeaders,
): Promise<WebhookOutcome> {
  const secret = deps.config.replicateWebhookSecret;
  if (!secret) throw new HttpError(404, 'Replicate webhooks are not enabled on this server');
  verify(secret, raw, headers, deps.now());
  const completed = completedPrediction(raw);
  if (!completed) return 'ignored';
  // Stored once, and only on a run still waiting for it: a repeated or late delivery changes nothing.
  const stored = await deps.db
    .update(predictions)
    .set({ remoteResult: completed.result })
    .where(
      and(
        eq(predictions.remoteId, completed.id),
        eq(predictions.status, 'processing'),
        isNull(predictions.remoteResult),
      ),
    )
    .returning({ id: predictions.id });
  if (stored.length > 0) return 'processed';
  const [known] = await deps.db
    .select({ id: predictions.id })
    .from(predictions)
    .where(eq(predictions.remoteId, completed.id))
    .limit(1);
  return known ? 'duplicate' : 'ignored';
}
