/** OpenAPI 3.1 of /api, generated from the valibot schemas that validate the requests (src/api/schemas.ts). */
import type * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as s from '../src/api/schemas';
import { predictionEndpoints } from '../src/catalog';

type Schema = v.GenericSchema;
interface Op {
  readonly method: 'get' | 'post' | 'delete';
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth?: boolean;
  readonly body?: Schema;
  /** Query parameters: an object schema, one parameter per entry. */
  readonly query?: v.ObjectSchema<v.ObjectEntries, undefined>;
  readonly answer?: Schema;
  readonly status?: number;
  readonly errors?: readonly number[];
  /** Longer text (limits, behaviour). */
  readonly description?: string;
  /** Takes the Idempotency-Key header. */
  readonly idempotent?: boolean;
  /** Query parameters given by name and description (all optional strings), for a route without a query schema. */
  readonly queryParams?: readonly { readonly name: string; readonly description: string }[];
}

const idempotencyText =
  'Optional `Idempotency-Key` header (8–128 characters of A–Z, a–z, 0–9, `_`, `-`): a repeated key of the same user ' +
  'answers the run the first request started and charges once; reused with a different body it answers 422.';

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the start safe to retry: the same key (per user) answers the run already started, charged once. ' +
    '8–128 characters of A–Z, a–z, 0–9, "_" and "-"; malformed → 400; the same key with a different ' +
    'modelId/input/version → 422.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
};

const ops: readonly Op[] = [
  {
    method: 'post',
    path: '/api/auth/register',
    tag: 'auth',
    summary: 'Create an account and email a verification link',
    body: s.RegisterBody,
    answer: s.RegisterAnswer,
    status: 201,
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/api/auth/verify-email/{token}',
    tag: 'auth',
    summary: 'Verify an email address (grants the free credits once)',
    answer: s.MessageBody,
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    summary: 'Sign in',
    body: s.LoginBody,
    answer: s.LoginAnswer,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'get',
    path: '/api/auth/user',
    tag: 'auth',
    summary: 'The signed-in user',
    auth: true,
    answer: s.User,
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/auth/forgot-password',
    tag: 'auth',
    summary: 'Email a password reset link',
    body: s.ForgotPasswordBody,
    answer: s.MessageBody,
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    tag: 'auth',
    summary: 'Set a new password (ends every session)',
    body: s.ResetPasswordBody,
    answer: s.ResetPasswordAnswer,
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Revoke the bearer token',
    auth: true,
    answer: s.MessageBody,
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/auth/change-email',
    tag: 'auth',
    summary: 'Change the email address',
    auth: true,
    body: s.ChangeEmailBody,
    answer: s.ChangeEmailAnswer,
    errors: [400, 401, 409],
  },
  {
    method: 'get',
    path: '/api/users/theme',
    tag: 'users',
    summary: 'Saved theme',
    auth: true,
    answer: s.ThemeAnswer,
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/users/theme',
    tag: 'users',
    summary: 'Save the theme',
    auth: true,
    body: s.ThemeBody,
    answer: s.ThemeAnswer,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/users/credits',
    tag: 'users',
    summary: 'Credit balance',
    auth: true,
    answer: s.CreditsAnswer,
    errors: [401],
  },
  {
    method: 'delete',
    path: '/api/users/delete-account',
    tag: 'users',
    summary: 'Delete the account, its files and sessions',
    auth: true,
    answer: s.MessageBody,
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/stripe/create-subscription',
    tag: 'payments',
    summary: 'Start a subscription checkout',
    auth: true,
    body: s.CreateSubscriptionBody,
    answer: s.CheckoutAnswer,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/stripe/create-checkout-session',
    tag: 'payments',
    summary: 'Start a credit pack checkout',
    auth: true,
    body: s.CreateCheckoutBody,
    answer: s.CheckoutAnswer,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/users/credits/history',
    tag: 'users',
    summary: 'The credit history: every grant, spend, refund and expiry, newest first, with the running balance',
    description:
      'Each entry carries the balance right after it, so the first entry of the first page shows the current balance. ' +
      'Pages of `limit` entries (default 20, at most 100); pass `nextCursor` as `cursor` for older ones.',
    auth: true,
    queryParams: [
      { name: 'cursor', description: 'The nextCursor of the previous page' },
      { name: 'limit', description: 'Entries per page, 1–100 (default 20)' },
    ],
    answer: s.CreditHistoryAnswer,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/stripe/checkout-session/{id}',
    tag: 'payments',
    summary: 'A checkout the buyer came back from: what it buys and whether its credits have landed',
    auth: true,
    answer: s.CheckoutStatus,
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/stripe/cancel-subscription',
    tag: 'payments',
    summary: 'Cancel at the end of the period',
    auth: true,
    answer: s.CancelAnswer,
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    tag: 'payments',
    summary: 'Signed payment events (Stripe-Signature)',
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/upload',
    tag: 'files',
    summary: 'Upload an image or a video as a data URL',
    description:
      '`image` is a base64 data URL. Images: JPEG, PNG, WebP or GIF, at most 15 MB decoded and 50 megapixels; ' +
      'the bytes are decoded (sharp), not sniffed, so a forged or truncated file or a decompression bomb answers 400; ' +
      'HEIC/HEIF answers 400 with the spec text. Videos (for video editing; declared `data:video/mp4`, `video/webm` ' +
      'or `video/quicktime`): at most 15 MB decoded, 120 s and 4096 px a side, probed and their first frame decoded ' +
      'by ffmpeg. Over 15 MB: 413. The whole request body is limited to 22 MB.',
    auth: true,
    body: s.UploadBody,
    answer: s.UploadAnswer,
    status: 201,
    errors: [400, 401, 413, 503],
  },
  {
    method: 'post',
    path: '/api/generate',
    tag: 'generation',
    summary: 'Start a prediction of any tool',
    description: idempotencyText,
    idempotent: true,
    auth: true,
    body: s.GenerateBody,
    answer: s.GenerateAnswer,
    status: 201,
    errors: [400, 401, 402, 422],
  },
  {
    method: 'post',
    path: '/api/generate/image',
    tag: 'generation',
    summary: 'Generate an image and wait for it',
    description:
      idempotencyText +
      " A repeat waits for that same run and answers its output (or its error). A run past the server's " +
      'GENERATION_TIMEOUT_MS answers 504 and is refunded.',
    idempotent: true,
    auth: true,
    body: s.GenerateBody,
    answer: s.ImageAnswer,
    errors: [400, 401, 402, 422, 502, 504],
  },
  ...predictionEndpoints.map((path): Op => ({
    method: 'post',
    path,
    tag: 'generation',
    summary: `Start a prediction of a ${path} tool`,
    description:
      idempotencyText +
      (path === '/api/generate/video'
        ? ' Video editing takes `input.video`: the URL of a video uploaded through /api/upload (or a video data URL).'
        : ''),
    idempotent: true,
    auth: true,
    body: s.GenerateBody,
    answer: s.GenerateAnswer,
    status: 201,
    errors: [400, 401, 402, 422],
  })),
  {
    method: 'get',
    path: '/api/prediction/{id}',
    tag: 'generation',
    summary: 'A prediction of the caller',
    auth: true,
    answer: s.Prediction,
    errors: [401, 404],
  },
  {
    method: 'get',
    path: '/api/creations',
    tag: 'creations',
    summary: "The caller's runs, newest first",
    description:
      "Paged by `cursor` (the previous answer's `nextCursor`; null on the last page), `limit` 1–50 (default 12), " +
      'optionally only one `category`. Each run says its tool, prompt, time, status, cost, whether it was refunded and its output URLs.',
    auth: true,
    query: s.CreationsQuery,
    answer: s.CreationsPage,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/creations/{id}',
    tag: 'creations',
    summary: "One run of the caller (another user's answers 404)",
    auth: true,
    answer: s.Creation,
    errors: [401, 404],
  },
  {
    method: 'delete',
    path: '/api/creations/{id}',
    tag: 'creations',
    summary: 'Delete a finished run and its stored files (their URLs then answer 404)',
    auth: true,
    answer: s.MessageBody,
    errors: [401, 404, 409],
  },
];

const json = (schema: Schema) => ({
  'application/json': { schema: toJsonSchema(schema, { errorMode: 'ignore', target: 'draft-2020-12' }) },
});

export function openApiDocument(appUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const params: unknown[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    for (const q of op.queryParams ?? [])
      params.push({
        name: q.name,
        in: 'query',
        required: false,
        description: q.description,
        schema: { type: 'string' },
      });
    if (op.idempotent) params.push(idempotencyKeyParameter);
    for (const [name, schema] of Object.entries(op.query?.entries ?? {})) {
      params.push({
        name,
        in: 'query',
        required: false,
        schema: toJsonSchema(schema as Schema, { errorMode: 'ignore', target: 'draft-2020-12' }),
      });
    }
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: { description: 'Success', ...(op.answer ? { content: json(op.answer) } : {}) },
    };
    for (const code of [...(op.errors ?? []), 500]) responses[String(code)] = { $ref: '#/components/responses/Error' };
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      ...(params.length ? { parameters: params } : {}),
      ...(op.auth ? { security: [{ bearer: [] }] } : {}),
      ...(op.body ? { requestBody: { required: true, content: json(op.body) } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Atelier API', version: '1.0.0', description: 'Every failure answers JSON {message, details?}.' },
    servers: [{ url: appUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      responses: { Error: { description: 'Failure', content: json(s.ErrorBody) } },
    },
  };
}
