/**
 * A fake of Replicate's HTTP API on 127.0.0.1 (a random port) that holds every request to the published
 * document (tests/fixtures/contracts/replicate.openapi.json: path, method, headers, body) and each prediction's
 * input to its pinned version's recorded schema (tests/fixtures/models): 404 for a community model called by
 * name, 422 for an input its schema refuses (an unknown input name too: stricter than Replicate, which ignores
 * it, so that a misnamed input cannot pass). It answers with the document's shapes (201 created with status
 * `starting`, then `processing`, `succeeded` / `failed` / `canceled` on the next reads; 429 and 500 when told)
 * and serves the output files itself. A prediction created with a `webhook` (an HTTPS address, as the document
 * says) is delivered, when it reaches its end, as Replicate delivers it: a POST of the prediction signed by the
 * Standard Webhooks scheme (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>` under
 * the base64 key after `whsec_` of `webhookSecret`), through `deliver` (fetch unless a test routes it to its app).
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const fixtures = path.join(import.meta.dirname, '../../fixtures');

export interface ModelSchema {
  readonly model: string;
  readonly version: string | null;
  readonly official: boolean;
  readonly source: string;
  readonly input: Record<string, unknown>;
  readonly output: Record<string, unknown>;
}

/** Every recorded model schema, by `owner/name`. */
export const modelSchemas: ReadonlyMap<string, ModelSchema> = new Map(
  fs
    .readdirSync(path.join(fixtures, 'models'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(fixtures, 'models', f), 'utf8')) as ModelSchema)
    .map((s) => [s.model, s]),
);

export const replicateDocument = JSON.parse(
  fs.readFileSync(path.join(fixtures, 'contracts/replicate.openapi.json'), 'utf8'),
) as { components: { parameters: Record<string, { schema: { pattern?: string } }> } };

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...replicateDocument, $id: 'replicate' });
const body = (name: string) => ajv.getSchema(`replicate#/components/schemas/${name}`)!;
const versionRequest = body('schemas_version_prediction_request');
const modelRequest = body('schemas_prediction_request');
const predictionResponse = body('schemas_prediction_response');
const preferPattern = new RegExp(replicateDocument.components.parameters['parameters_prefer_header']!.schema.pattern!);
/** The document's Cancel-After: a duration like `30s`, `5m`, `1h30m45s` or bare seconds, at least 5 s. */
const cancelAfterPattern = /^(?:\d+|(?:\d+h)?(?:\d+m)?(?:\d+s)?)$/;

/** A model input checked against its schema, with no name the schema does not list. */
const inputCheck = new Map<string, ValidateFunction>(
  [...modelSchemas.values()].map((s) => [s.model, ajv.compile({ ...s.input, additionalProperties: false })]),
);

/** One request as the fake saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
  /** Set when the request broke the document or a model's schema. */
  readonly problem?: string;
}

/** One webhook delivery as the fake sent it, and the answer it got. */
export interface SentWebhook {
  readonly url: string;
  readonly predictionId: string;
  readonly status: string;
  readonly answer: number;
}

/** Standard Webhooks' signature of one delivery: `v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(secret.indexOf('_') + 1), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The headers of a signed delivery of `body` (the timestamp in unix seconds, now by default). */
export function webhookHeaders(
  secret: string,
  body: string,
  id = `msg_${Math.random().toString(36).slice(2)}`,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

/** How the next predictions end: the default is success after one `processing` read. */
export type Outcome = 'succeeded' | 'failed' | 'canceled' | 'busy' | 'error500' | 'revoked' | 'processing';

export interface FakeReplicate {
  readonly origin: string;
  readonly baseUrl: string;
  readonly requests: SeenRequest[];
  /** Requests refused for breaking the document or a schema. */
  problems(): string[];
  /** How the next predictions end (until changed). */
  outcome: Outcome;
  /** How many reads of a prediction answer `processing` before its end (default 1). */
  processingReads: number;
  /** How many of the next reads of a prediction answer 503 (a transient failure the reader retries). */
  readErrors: number;
  /** A prediction's `logs` at its n-th read (0: the create's answer); '' unless set. */
  logs: (reads: number) => string;
  /** The secret the webhooks are signed with (Replicate's GET /v1/webhooks/default/secret). */
  webhookSecret: string;
  /** Sends one webhook (fetch by default; a test may hand it to its app instead). */
  deliver: (url: string, init: { method: 'POST'; headers: Record<string, string>; body: string }) => Promise<Response>;
  /** Every webhook delivered, in order. */
  readonly webhooks: SentWebhook[];
  /**
   * Ends a prediction now (the last one created unless named) as `outcome`, as if the model finished: later reads
   * answer that end, and its webhook, if it asked for one, is delivered; resolves when the delivery is answered.
   */
  complete(outcome?: 'succeeded' | 'failed' | 'canceled', id?: string): Promise<void>;
  close(): Promise<void>;
}

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A glTF binary of an empty scene (header and JSON chunk): a model the product's 3D viewer loads. */
function emptyGlb(): Buffer {
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [] }] }));
  const chunk = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const head = Buffer.alloc(20);
  head.write('glTF', 0, 'latin1');
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(20 + chunk.length, 8);
  head.writeUInt32LE(chunk.length, 12);
  head.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([head, chunk]);
}
/** A tenth of a second of silence, 8 kHz mono 16-bit PCM WAV. */
function silentWav(): Buffer {
  const data = 1600;
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(16000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data, 40);
  return Buffer.concat([head, Buffer.alloc(data)]);
}
/** The bytes the fake serves for an output of each kind. */
const outputFiles: Record<string, { type: string; bytes: Buffer }> = {
  png: { type: 'image/png', bytes: png },
  // 16 frames at 8 a second, H.264, as the video models make them (tests/fixtures/outputs/README.md).
  mp4: { type: 'video/mp4', bytes: fs.readFileSync(path.join(fixtures, 'outputs/clip-8fps.mp4')) },
  wav: { type: 'audio/wav', bytes: silentWav() },
  glb: { type: 'model/gltf-binary', bytes: emptyGlb() },
};
const EXT_BY_MODEL: Record<string, string> = {
  'cjwbw/damo-text-to-video': 'mp4',
  'ali-vilab/i2vgen-xl': 'mp4',
  'firtoz/trellis': 'glb',
  'meta/musicgen': 'wav',
  'haoheliu/audio-ldm': 'wav',
  'suno-ai/bark': 'wav',
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The output the schema's shape says, with the fake's file address in it. */
function outputFor(schema: ModelSchema, url: string): unknown {
  const shape = schema.output;
  if (shape['type'] === 'array') return [url];
  if (shape['type'] === 'object') {
    const props = Object.keys(shape['properties'] as object);
    const main = (shape['required'] as string[] | undefined)?.[0] ?? props[0]!;
    return Object.fromEntries(props.map((p) => [p, p === main ? url : null]));
  }
  return url;
}

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const requests: SeenRequest[] = [];
  const predictions = new Map<
    string,
    { schema: ModelSchema; reads: number; outcome: Outcome; input: unknown; webhook?: string; delivered?: boolean }
  >();
  let counter = 0;
  let origin = '';
  const webhooks: SentWebhook[] = [];
  const fake = {
    outcome: 'succeeded' as Outcome,
    processingReads: 1,
    readErrors: 0,
    logs: (_reads: number) => '',
    webhookSecret: `whsec_${Buffer.from('fake replicate webhook signing key').toString('base64')}`,
    deliver: (url, init) => fetch(url, init),
    webhooks,
  } as FakeReplicate;

  const predictionJson = (id: string, status: string) => {
    const p = predictions.get(id)!;
    const ext = EXT_BY_MODEL[p.schema.model] ?? 'png';
    const answer = {
      id,
      model: p.schema.model,
      version: p.schema.version ?? 'hidden',
      input: p.input,
      logs: fake.logs(p.reads),
      output: status === 'succeeded' ? outputFor(p.schema, `${origin}/files/${id}.${ext}`) : null,
      error: status === 'failed' ? 'The model crashed' : null,
      status,
      source: 'api',
      data_removed: false,
      created_at: '2026-01-01T00:00:00.000Z',
      urls: {
        get: `${origin}/v1/predictions/${id}`,
        cancel: `${origin}/v1/predictions/${id}/cancel`,
        web: `https://replicate.com/p/${id}`,
      },
    };
    // The document's `version` is oneOf [any string, 'hidden']: 'hidden' (official models) matches both, so
    // it is checked as the document means it and the rest of the answer as written.
    if (!predictionResponse(p.schema.official ? { ...answer, version: 'official-model' } : answer))
      throw new Error(`fake answer off the document: ${ajv.errorsText(predictionResponse.errors)}`);
    return answer;
  };

  /** The completed event of a prediction that asked for a webhook, delivered once, signed. */
  const notify = async (id: string, status: string): Promise<void> => {
    const p = predictions.get(id)!;
    if (!p.webhook || p.delivered || !['succeeded', 'failed', 'canceled'].includes(status)) return;
    p.delivered = true;
    const body = JSON.stringify({ ...predictionJson(id, status), completed_at: '2026-01-01T00:00:05.000Z' });
    const answer = await fake.deliver(p.webhook, {
      method: 'POST',
      headers: webhookHeaders(fake.webhookSecret, body, `msg_${id}`),
      body,
    });
    webhooks.push({ url: p.webhook, predictionId: id, status, answer: answer.status });
  };
  /** Sends a webhook without holding up the answer that ended the prediction (as Replicate does). */
  const notifyLater = (id: string, status: string) => void notify(id, status).catch(() => undefined);

  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      try {
        handle(req, res, raw);
      } catch (error) {
        requests.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: null,
          problem: String(error),
        });
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ title: 'Internal Server Error', status: 500 }));
      }
    });
  });
  const handle = (req: IncomingMessage, res: ServerResponse, raw: Buffer) => {
    {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const json = (status: number, value: unknown, problem?: string) => {
        requests.push({
          method,
          path: url.pathname,
          headers: req.headers,
          body: parsed,
          ...(problem ? { problem } : {}),
        });
        res.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' });
        res.end(JSON.stringify(value));
      };
      const refuse = (status: number, problem: string) =>
        json(status, { title: 'Refused', detail: problem, status }, problem);
      let parsed: unknown = null;
      const file = /^\/files\/(p\d+)\.(\w+)$/.exec(url.pathname);
      if (method === 'GET' && file) {
        requests.push({ method, path: url.pathname, headers: req.headers, body: null });
        const out = outputFiles[file[2]!]!;
        res.writeHead(200, { 'content-type': out.type, 'content-length': out.bytes.length });
        res.end(out.bytes);
        return;
      }
      if (req.headers.authorization !== 'Bearer r8_fake_token')
        return refuse(401, 'Authorization: Bearer <token> is missing or wrong');
      if (method === 'POST' && url.pathname === '/v1/files') {
        const type = req.headers['content-type'] ?? '';
        if (!type.startsWith('multipart/form-data')) return refuse(400, 'POST /v1/files takes multipart/form-data');
        if (!raw.includes('name="content"')) return refuse(400, 'POST /v1/files requires its content part');
        const id = `file${++counter}`;
        return json(201, {
          id,
          content_type: 'application/octet-stream',
          size: raw.length,
          created_at: '2026-01-01T00:00:00.000Z',
          urls: { get: `https://api.replicate.com/v1/files/${id}` },
        });
      }
      const byModel = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/.exec(url.pathname);
      if (method === 'POST' && (url.pathname === '/v1/predictions' || byModel)) {
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          return refuse(400, 'the body is not JSON');
        }
        const check = byModel ? modelRequest : versionRequest;
        if (!check(parsed)) return refuse(422, `body off the document: ${ajv.errorsText(check.errors)}`);
        const prefer = req.headers['prefer'];
        if (prefer !== undefined && !preferPattern.test(String(prefer)))
          return refuse(400, `Prefer ${prefer} off the document`);
        const cancelAfter = req.headers['cancel-after'];
        if (
          cancelAfter !== undefined &&
          (!cancelAfterPattern.test(String(cancelAfter)) || /^[0-4]s?$/.test(String(cancelAfter)))
        ) {
          return refuse(400, `Cancel-After ${cancelAfter} off the document`);
        }
        const request = parsed as { version?: string; input: Record<string, unknown> };
        let schema: ModelSchema | undefined;
        if (byModel) {
          schema = modelSchemas.get(`${byModel[1]}/${byModel[2]}`);
          if (!schema || !schema.official) return refuse(404, 'For all other models, the specific version is required');
        } else {
          const version = request.version?.split(':').at(-1);
          schema = [...modelSchemas.values()].find((s) => s.version === version);
          if (!schema) return refuse(422, 'Invalid version or not permitted');
        }
        const valid = inputCheck.get(schema.model)!;
        if (!valid(request.input))
          return refuse(422, `input refused by ${schema.model}: ${ajv.errorsText(valid.errors)}`);
        if (fake.outcome === 'busy')
          return json(429, { title: 'Too Many Requests', detail: 'Request was throttled.', status: 429 });
        if (fake.outcome === 'error500') return json(500, { title: 'Internal Server Error', status: 500 });
        if (fake.outcome === 'revoked') return refuse(401, 'Invalid token');
        const webhook = (parsed as { webhook?: unknown }).webhook;
        if (webhook !== undefined && !/^https:\/\//.test(String(webhook)))
          return refuse(422, `webhook ${String(webhook)} is not an HTTPS URL`);
        const id = `p${++counter}`;
        predictions.set(id, {
          schema,
          reads: 0,
          outcome: fake.outcome,
          input: request.input,
          ...(typeof webhook === 'string' ? { webhook } : {}),
        });
        const waits = prefer !== undefined && fake.outcome === 'succeeded';
        if (waits) notifyLater(id, 'succeeded');
        return json(201, predictionJson(id, waits ? 'succeeded' : 'starting'));
      }
      const one = /^\/v1\/predictions\/(p\d+)(\/cancel)?$/.exec(url.pathname);
      if (one && predictions.has(one[1]!)) {
        const p = predictions.get(one[1]!)!;
        if (one[2] && method === 'POST') {
          p.outcome = 'canceled';
          p.reads = 99;
          notifyLater(one[1]!, 'canceled');
          return json(200, predictionJson(one[1]!, 'canceled'));
        }
        if (method !== 'GET') return refuse(405, `${method} ${url.pathname} is not in the document`);
        if (fake.readErrors > 0) {
          fake.readErrors -= 1;
          return json(503, { title: 'Service Unavailable', status: 503 });
        }
        p.reads += 1;
        const status = p.outcome === 'processing' || p.reads <= fake.processingReads ? 'processing' : p.outcome;
        notifyLater(one[1]!, status);
        return json(200, predictionJson(one[1]!, status));
      }
      return refuse(404, `${method} ${url.pathname} is not in the document`);
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    origin,
    baseUrl: `${origin}/v1`,
    requests,
    problems: () => requests.flatMap((r) => (r.problem ? [`${r.method} ${r.path}: ${r.problem}`] : [])),
    complete: async (outcome: 'succeeded' | 'failed' | 'canceled' = 'succeeded', id = `p${counter}`) => {
      const p = predictions.get(id);
      if (!p) throw new Error(`the fake has no prediction ${id}`);
      p.outcome = outcome;
      p.reads = Math.max(p.reads, fake.processingReads);
      await notify(id, outcome);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
