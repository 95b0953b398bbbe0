/**
 * Upscale 2× and Vary in the operation table (REFINE-1 to REFINE-6): a new run made from one of the caller's
 * finished image creations, started, priced and refused as its catalogue tool's start (Upscale as Restore Image,
 * Vary as Image to Image), linked to its source.
 */
import * as s from '../schemas';
import { bearer } from './bearer';
import { idempotencyKey } from './generation';
import type { OperationSpec } from './types';

const sourceId = '3f0d1f5e-8c47-4b71-9f0a-6a1c2e7b9d10';
const started = { id: '7c2b9e41-0d6a-4f3e-8b15-2a9c4d7e1f60', credits: 41 };

const refineText =
  'The source must be a finished image of the caller (another account’s or a missing one answers 404; one in ' +
  'progress, failed or not an image 409). Too few credits answer 402 before anything is charged. Optional ' +
  '`Idempotency-Key` header as the other starts: a repeated key answers the run already started, charged once.';

/** Besides the caller (401): the body (400), the balance (402), the source (404, 409), the body size (413), a
 * reused key (422), the places or the rate limit (429), a busy model (504, nothing charged). */
const refineErrors = [400, 402, 404, 409, 413, 422, 429, 504] as const;

export const refineOperations = {
  upscaleCreation: bearer('creations', {
    method: 'post',
    path: '/api/creations/{id}/upscale',
    headers: [idempotencyKey],
    summary: 'Upscale 2× one finished image creation: a run of Restore Image, linked to its source',
    description: `${refineText} A picture above 1024 px a side answers 409.`,
    answer: s.GenerateAnswer,
    status: 201,
    errors: refineErrors,
    examples: { request: { params: { id: sourceId } }, answer: started },
  }),
  varyCreation: bearer('creations', {
    method: 'post',
    path: '/api/creations/{id}/vary',
    headers: [idempotencyKey],
    summary: 'Vary one finished image creation: a run of Image to Image with its prompt and a new seed',
    description: `${refineText} \`strength\`: subtle (prompt strength 0.35) or strong (0.75); the size is kept.`,
    body: s.VaryBody,
    answer: s.GenerateAnswer,
    status: 201,
    errors: refineErrors,
    examples: { request: { params: { id: sourceId }, body: { strength: 'strong' } }, answer: started },
  }),
} as const satisfies Record<string, OperationSpec>;
