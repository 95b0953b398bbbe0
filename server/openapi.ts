/**
 * OpenAPI 3.1 of /api, built from the operation table (src/api/operations): paths, operationIds,
 * security, parameters, request and answer schemas (from the valibot schemas that validate them),
 * every documented error status, and each operation's examples.
 */
import type * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import { ErrorBody } from '../src/api/schemas';
import { operationList, tagDescriptions, type OperationSpec, type Tag } from '../src/api/operations';

const schemaOf = (schema: v.GenericSchema) => toJsonSchema(schema, { errorMode: 'ignore', target: 'draft-2020-12' });

const errorText: Record<number, string> = {
  400: 'The request is invalid: `message` says why, `details` lists each field',
  401: 'No valid session token, or wrong credentials',
  402: 'Not enough credits',
  403: 'The account is not verified yet',
  404: 'Not found (or not the caller’s)',
  409: 'Conflicts with the current state',
  413: 'The request body or the file is too large',
  422: 'The Idempotency-Key was used with a different request',
  429: 'Too many requests: try again after `Retry-After` seconds',
  500: 'The event could not be applied now: send it again',
  502: 'The provider failed',
  503: 'The server is busy: try again shortly',
  504: 'The model is busy, or the run took too long (nothing is charged, or it is refunded)',
};

function parameters(op: OperationSpec) {
  const list: Record<string, unknown>[] = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  for (const [name, schema] of Object.entries(op.query?.entries ?? {})) {
    const { description, ...rest } = schemaOf(schema as v.GenericSchema) as { description?: string };
    list.push({ name, in: 'query', required: false, ...(description ? { description } : {}), schema: rest });
  }
  for (const h of op.headers ?? []) {
    list.push({
      name: h.name,
      in: 'header',
      required: h.required,
      description: h.description,
      schema: { type: 'string', ...(h.pattern ? { pattern: h.pattern } : {}) },
    });
  }
  return list;
}

function operationObject(op: OperationSpec & { operationId: string }) {
  const params = parameters(op);
  const responses: Record<string, unknown> = {
    [String(op.status)]: {
      description: 'Success',
      content: op.media
        ? {
            [op.media]: {
              schema: { type: 'string', ...(op.media === 'application/zip' ? { format: 'binary' } : {}) },
              ...(op.media === 'application/zip' ? {} : { example: op.examples.answer }),
            },
          }
        : { 'application/json': { schema: schemaOf(op.answer), example: op.examples.answer } },
    },
  };
  for (const code of op.errors) {
    responses[String(code)] = {
      description: errorText[code] ?? 'Failure',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    security: op.security === 'bearer' ? [{ bearer: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(op.body), example: op.examples.request?.body } },
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(appUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operationList) (paths[op.path] ??= {})[op.method] = operationObject(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atelier API',
      version: '1.0.0',
      description: 'Every failure answers JSON {message, details?}.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative first: the document is served by the API itself, so '/' is right wherever it is read from;
    // the public address (APP_URL) too when it is one others can reach (not this machine's loopback name).
    servers: [
      { url: '/', description: 'The server this document was read from' },
      ...(/^https?:\/\/(localhost|127\.|\[::1\])/.test(appUrl) ? [] : [{ url: appUrl, description: 'APP_URL' }]),
    ],
    tags: (Object.keys(tagDescriptions) as Tag[]).map((name) => ({ name, description: tagDescriptions[name] })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token POST /api/auth/login answers' },
      },
      schemas: { Error: schemaOf(ErrorBody) },
    },
  };
}
