/**
 * A fake of Stripe's API, in-process on 127.0.0.1 (no network): every request the real `stripe` SDK sends
 * is checked against Stripe's published document (tests/fixtures/contracts/stripe.checkout-subscriptions.openapi.json;
 * bodies are form-encoded, decoded with `qs` as Stripe does, then validated with ajv) and answered with
 * Stripe's example objects (stripe.fixtures.json). Products and prices (not in the cut document) are kept in
 * memory and answered in Stripe's shape, with the lookup-key rules of the real API. A request the document
 * refuses is answered 400 with Stripe's error shape and recorded with its problems, so a test can assert
 * that none was refused. Point the product at it with STRIPE_API_BASE = `url`.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import qs from 'qs';

const contracts = path.join(import.meta.dirname, '..', '..', 'fixtures', 'contracts');
type Json = Record<string, unknown>;

export interface StripeFakeRequest {
  readonly method: string;
  readonly path: string;
  /** The decoded form body (POST) or query (GET). */
  readonly params: Json;
  /** What the document refuses in it; empty for a valid request. */
  readonly problems: readonly string[];
}

export interface StripeFake {
  /** The API origin, e.g. http://127.0.0.1:40123 (STRIPE_API_BASE). */
  readonly url: string;
  /** Every request, in order. */
  readonly requests: StripeFakeRequest[];
  /** Prices by id, as created through the API (the sync script's work). */
  readonly prices: Map<string, Json>;
  readonly products: Map<string, Json>;
  close(): Promise<void>;
}

let validators: Map<string, ValidateFunction> | undefined;
/** One validator per documented request body, keyed "POST /v1/…" (the path template's parameters as `*`). */
function documentValidators(): Map<string, ValidateFunction> {
  if (validators) return validators;
  const doc = JSON.parse(
    fs.readFileSync(path.join(contracts, 'stripe.checkout-subscriptions.openapi.json'), 'utf8'),
  ) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Json }> } }>> };
  // Form fields arrive as strings: coerceTypes reads "1" as 1 and "true" as true, as Stripe does.
  const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: 'array', validateFormats: false });
  ajv.addSchema(doc, 'stripe');
  validators = new Map();
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.requestBody?.content['application/x-www-form-urlencoded']) continue;
      const pointer = `#/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/requestBody/content/application~1x-www-form-urlencoded/schema`;
      validators.set(
        `${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, '*')}`,
        ajv.compile({ $ref: `stripe${pointer}` }),
      );
    }
  }
  return validators;
}

const fixtures = () =>
  (
    JSON.parse(fs.readFileSync(path.join(contracts, 'stripe.fixtures.json'), 'utf8')) as {
      resources: Record<string, Json>;
    }
  ).resources;

const stripeError = (res: http.ServerResponse, status: number, message: string, code?: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }));
};
const answer = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${Date.now().toString(36)}` });
  res.end(JSON.stringify(body));
};

/** Starts the fake; `close()` stops it. Safe to start several (each keeps its own products and prices). */
export async function startStripeFake(): Promise<StripeFake> {
  const checks = documentValidators();
  const examples = fixtures();
  const requests: StripeFakeRequest[] = [];
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}_fake${(++serial).toString().padStart(6, '0')}`;
  const created = () => Math.floor(Date.now() / 1000);

  const route = (method: string, pathname: string, params: Json, res: http.ServerResponse, problems: string[]) => {
    if (method === 'POST' && pathname === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      const lineItems = params['line_items'] as Json[] | undefined;
      return answer(res, {
        ...examples['checkout.session'],
        id,
        mode: params['mode'],
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        customer: params['customer'] ?? null,
        customer_email: params['customer_email'] ?? null,
        client_reference_id: params['client_reference_id'] ?? null,
        metadata: params['metadata'] ?? {},
        success_url: params['success_url'],
        cancel_url: params['cancel_url'] ?? null,
        line_items: lineItems,
        created: created(),
      });
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(pathname);
    if (method === 'POST' && subscription) {
      return answer(res, {
        ...examples['subscription'],
        id: decodeURIComponent(subscription[1]!),
        cancel_at_period_end: params['cancel_at_period_end'] === true,
      });
    }
    if (method === 'POST' && pathname === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return answer(res, {
        id,
        object: 'billing_portal.session',
        configuration: 'bpc_fake',
        created: created(),
        customer: params['customer'],
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: params['return_url'] ?? null,
        url: `https://billing.stripe.com/p/session/${id}`,
      });
    }
    const product = /^\/v1\/products\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && product) {
      const found = products.get(decodeURIComponent(product[1]!));
      return found ? answer(res, found) : stripeError(res, 404, `No such product: '${product[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && pathname === '/v1/products') {
      const id = typeof params['id'] === 'string' ? params['id'] : nextId('prod');
      if (products.has(id)) return stripeError(res, 400, `Product already exists.`, 'resource_already_exists');
      if (typeof params['name'] !== 'string') return stripeError(res, 400, 'Missing required param: name.');
      const made = { id, object: 'product', active: true, name: params['name'], metadata: params['metadata'] ?? {} };
      products.set(id, made);
      return answer(res, made);
    }
    if (method === 'GET' && pathname === '/v1/prices') {
      const keys = ([] as unknown[]).concat(params['lookup_keys'] ?? []).map(String);
      const data = [...prices.values()].filter(
        (p) => (keys.length === 0 || keys.includes(String(p['lookup_key']))) && p['active'] === true,
      );
      return answer(res, { object: 'list', url: '/v1/prices', has_more: false, data });
    }
    if (method === 'POST' && pathname === '/v1/prices') {
      if (typeof params['product'] !== 'string' || !products.has(params['product']))
        return stripeError(res, 400, `No such product: '${String(params['product'])}'`, 'resource_missing');
      const lookupKey = typeof params['lookup_key'] === 'string' ? params['lookup_key'] : null;
      const holder = [...prices.values()].find((p) => lookupKey !== null && p['lookup_key'] === lookupKey);
      if (holder && params['transfer_lookup_key'] !== 'true' && params['transfer_lookup_key'] !== true)
        return stripeError(res, 400, `A price (${String(holder['id'])}) already uses that lookup key.`);
      if (holder) holder['lookup_key'] = null;
      const recurring = params['recurring'] as Json | undefined;
      const made: Json = {
        id: nextId('price'),
        object: 'price',
        active: true,
        currency: params['currency'],
        unit_amount: Number(params['unit_amount']),
        product: params['product'],
        lookup_key: lookupKey,
        type: recurring ? 'recurring' : 'one_time',
        recurring: recurring ? { interval: recurring['interval'], interval_count: 1 } : null,
        created: created(),
      };
      prices.set(String(made['id']), made);
      return answer(res, made);
    }
    problems.push(`${method} ${pathname} is not a call the fake knows`);
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${pathname}).`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const raw = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const params = qs.parse(raw, { arrayLimit: 100, depth: 10 }) as Json;
      const problems: string[] = [];
      const record = { method, path: url.pathname, params, problems };
      requests.push(record);
      if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) {
        problems.push('no secret key in Authorization');
        return stripeError(res, 401, 'Invalid API Key provided.');
      }
      const check = checks.get(
        `${method} ${url.pathname.replace(/^\/v1\/subscriptions\/[^/]+$/, '/v1/subscriptions/*')}`,
      );
      // ajv coerces in place: validate a copy so the recorded params stay as sent.
      if (check && !check(structuredClone(params))) {
        for (const e of check.errors ?? []) problems.push(`${e.instancePath || '(body)'} ${e.message ?? ''}`.trim());
        return stripeError(res, 400, `Invalid request: ${problems.join('; ')}`);
      }
      route(method, url.pathname, params, res, problems);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    prices,
    products,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
