/**
 * The tray's calls in the operation table: a batch of prompts (one call, every run reserved or none,
 * the runs past the account's free places queued), the caller's runs queued, in progress and lately
 * finished, and a run's cancel; and Replicate's signed webhook, which ends a remote run.
 */
import * as s from '../schemas';
import { idempotencyKey } from './generation';
import { bearer } from './bearer';
import { WebhookAnswer } from './billing';
import type { OperationSpec } from './types';

const runId = '3f0d1f5e-8c47-4b71-9f0a-6a1c2e7b9d10';

const run = {
  id: runId,
  toolKey: 'musicgen',
  prompt: 'a calm piano',
  status: 'processing',
  progress: 45,
  position: null,
  cost: 3,
  refunded: 0,
  error: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  finishedAt: null,
  output: null,
};

export const runOperations = {
  startBatch: bearer('runs', {
    method: 'post',
    path: '/api/generate/batch',
    summary: 'Start one run per prompt of a prompt tool (images, video, audio)',
    description:
      'The tools whose run needs only a prompt and makes a picture, a clip or a sound. 1 to 10 prompts, each ' +
      'trimmed and checked like one run (not empty, within the prompt cap); `input` holds the shared parameters ' +
      '(no files). One transaction locks the account and reserves every run or none: with too few credits it answers ' +
      "402 'This batch costs X credits and you have Y. Add Z credits or remove prompts.' The call counts once against " +
      'the generation rate limit. Runs within the free places of the account (MAX_CONCURRENT_RUNS minus its runs in ' +
      "progress) start now ('processing'); the others are 'queued' with their `position` and start in order as " +
      'places free up. Follow each run with GET /api/prediction/{id} or GET /api/runs. Optional `Idempotency-Key` ' +
      'header: a repeated key of the same user answers the batch it started (the same ids, charged once); reused ' +
      'with a different body it answers 422.',
    headers: [idempotencyKey],
    body: s.BatchBody,
    answer: s.BatchAnswer,
    status: 201,
    errors: [400, 402, 413, 422, 429],
    examples: {
      request: {
        body: { modelId: 'meta/musicgen', prompts: ['a calm piano', 'a jazz trio'], input: { duration: 8 } },
      },
      answer: {
        runs: [
          { id: runId, status: 'processing' },
          { id: '9a1b7c3d-2e4f-4a6b-8c0d-1e2f3a4b5c6d', status: 'queued', position: 1 },
        ],
        credits: 44,
      },
    },
  }),
  listRuns: bearer('runs', {
    method: 'get',
    path: '/api/runs',
    summary: "The caller's runs queued, in progress, and finished in the last 10 minutes",
    description:
      "Newest first, at most 100; only the caller's runs. `position` is a queued run's place (1 = next to start); " +
      "`refunded` the credits a failed or canceled run gave back; `output` a succeeded run's output.",
    answer: s.RunList,
    status: 200,
    errors: [],
    examples: { answer: { runs: [run] } },
  }),
  cancelRun: bearer('runs', {
    method: 'post',
    path: '/api/runs/{id}/cancel',
    summary: 'Cancel a queued or running run of the caller',
    description:
      "The run ends as 'canceled' and its credits come back in the same transaction; its provider work is stopped " +
      "(by the instance running it, at its next sweep when that is another one). Another account's run answers 404; " +
      'a run already finished answers 409.',
    answer: s.Run,
    status: 200,
    errors: [404, 409],
    examples: {
      request: { params: { id: runId } },
      answer: {
        ...run,
        status: 'canceled',
        refunded: 3,
        error: 'You canceled this run. Its credits have been returned.',
        finishedAt: '2026-01-05T10:00:05.000Z',
      },
    },
  }),
  replicateWebhook: {
    method: 'post',
    path: '/api/webhooks/replicate',
    tags: ['runs'],
    security: 'none',
    summary: "A Replicate prediction's end, signed (webhook-id, webhook-timestamp, webhook-signature)",
    description:
      'Sent by Replicate when a prediction the server created with a webhook completes (REPLICATE_WEBHOOK_SECRET set ' +
      'and APP_URL public). The body is the prediction as Replicate reads it; `webhook-signature` holds one or more ' +
      'space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the secret. ' +
      'Missing headers or a body that is not a prediction answer 400; a signature that does not match, or a ' +
      'timestamp more than five minutes off, 401; without REPLICATE_WEBHOOK_SECRET, 404; a body above 1 MB, 413. ' +
      "The prediction's end is stored on its run once (`processed`), and the worker waiting on it finishes it; a " +
      'repeated delivery or a run already ended answers `duplicate`, an unknown prediction `ignored`, both changing ' +
      'nothing. A database failure answers 500, so Replicate delivers it again.',
    headers: [
      { name: 'webhook-id', required: true, description: "The delivery's id (the same on a retry)" },
      {
        name: 'webhook-timestamp',
        required: true,
        pattern: '^[0-9]+$',
        description: 'When it was sent, in unix seconds (at most five minutes from the server’s clock)',
      },
      {
        name: 'webhook-signature',
        required: true,
        description: 'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `{id}.{timestamp}.{body}`',
      },
    ],
    answer: WebhookAnswer,
    status: 200,
    errors: [400, 401, 404, 413, 500],
    examples: { answer: { received: true, outcome: 'processed' } },
  },
} as const satisfies Record<string, OperationSpec>;
