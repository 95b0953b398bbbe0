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
  readonly answer?: Schema;
  readonly status?: number;
  readonly errors?: readonly number[];
}

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
    summary: 'Upload an image as a data URL',
    auth: true,
    body: s.UploadBody,
    answer: s.UploadAnswer,
    status: 201,
    errors: [400, 401, 413],
  },
  {
    method: 'post',
    path: '/api/generate',
    tag: 'generation',
    summary: 'Start a prediction of any tool',
    auth: true,
    body: s.GenerateBody,
    answer: s.GenerateAnswer,
    status: 201,
    errors: [400, 401, 402],
  },
  {
    method: 'post',
    path: '/api/generate/image',
    tag: 'generation',
    summary: 'Generate an image and wait for it',
    auth: true,
    body: s.GenerateBody,
    answer: s.ImageAnswer,
    errors: [400, 401, 402, 502, 504],
  },
  ...predictionEndpoints.map((path): Op => ({
    method: 'post',
    path,
    tag: 'generation',
    summary: `Start a prediction of a ${path} tool`,
    auth: true,
    body: s.GenerateBody,
    answer: s.GenerateAnswer,
    status: 201,
    errors: [400, 401, 402],
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
];

const json = (schema: Schema) => ({
  'application/json': { schema: toJsonSchema(schema, { errorMode: 'ignore', target: 'draft-2020-12' }) },
});

export function openApiDocument(appUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: { description: 'Success', ...(op.answer ? { content: json(op.answer) } : {}) },
    };
    for (const code of [...(op.errors ?? []), 500]) responses[String(code)] = { $ref: '#/components/responses/Error' };
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
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
