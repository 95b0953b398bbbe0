/**
 * The operation table (src/api/operations) against the app, on every backend: each operation's documented
 * example answers its documented status and schema, and each documented error status is caused by one
 * request and answers a {message} (429: contract-limits.test.ts; 503: contract-busy.test.ts). The
 * statuses every other server test sees are checked against the document by tests/server/helpers.ts.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createApp } from '../../server/app';
import { ProviderBusyError } from '../../server/providers/types';
import {
  operationList,
  operations,
  type ErrorStatus,
  type OperationId,
  type OperationSpec,
} from '../../src/api/operations';
import {
  contractProvider,
  documented,
  exampleRequest,
  exampleUser,
  expectError,
  finishedRun,
  newCollection,
  send,
  signedEvent,
  replicateWebhookSecret,
  signedCompletion,
  subscriber,
  withBillingPortal,
  withReplicateWebhooks,
  type Sent,
} from './contract-fixtures';
import { embedded, json, pollPrediction, setupApp, type TestContext } from './helpers';

type Op = OperationSpec & { readonly operationId: OperationId };
type Cause = (t: TestContext, op: Op) => Promise<Response>;

/** Tested in their own files (a limit of 1 per window; a full worker pool). */
const elsewhere: readonly ErrorStatus[] = [429, 503];

const failingPayments = (t: TestContext) =>
  createApp({
    ...t.runtime.deps,
    payments: {
      ...t.runtime.deps.payments,
      createCheckout: () => Promise.reject(new Error('provider down')),
      cancelSubscription: () => Promise.reject(new Error('provider down')),
    },
  });

const authed = async (t: TestContext, op: Op, req: Omit<Sent, 'token'> = {}, credits = 500) =>
  send(t, op, { ...req, token: (await exampleUser(t, credits)).token });

/** Sends a generation start's example with `input` changed. */
const startWith = async (t: TestContext, op: Op, input: Record<string, string>) => {
  const req = await exampleRequest(t, op.operationId);
  const body = req.body as { modelId: string; input: Record<string, unknown> };
  return send(t, op, { ...req, body: { ...body, input: { ...body.input, ...input } } });
};

/** More than any route takes (22 MB on the media routes). */
const tooLarge = 'x'.repeat(23 * 1024 * 1024);

/** The request that causes each status, by status, unless the operation has its own below. */
const generic: Partial<Record<ErrorStatus, Cause>> = {
  400: (t, op) =>
    op.body ? authed(t, op, { body: '{not json' }) : authed(t, op, { query: { limit: 'many' }, params: {} }),
  401: (t, op) => send(t, op, documented(op)),
  404: (t, op) => authed(t, op, { params: { id: crypto.randomUUID() } }),
  413: (t, op) => authed(t, op, { body: tooLarge }),
};

const isStart = (op: Op) => op.tags[0] === 'generation' && op.method === 'post';

/** Starts a checkout's example on an app whose payment provider is down. */
const checkoutWhileDown: Cause = async (t, op) => {
  const { token } = await exampleUser(t);
  return failingPayments(t).request(op.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(op.examples.request?.body),
  });
};

const causes: Partial<Record<OperationId, Partial<Record<ErrorStatus, Cause>>>> = {
  createSubscription: { 502: checkoutWhileDown },
  createCheckoutSession: { 502: checkoutWhileDown },
  verifyEmail: { 400: (t, op) => send(t, op, { params: { token: 'not-a-token' } }) },
  login: {
    401: async (t, op) => {
      await exampleUser(t);
      return send(t, op, { body: { email: 'ada@example.com', password: 'wrong horse' } });
    },
    403: async (t, op) => {
      await send(t, operations.register, documented(operations.register));
      return send(t, op, documented(op));
    },
  },
  changeEmail: {
    // A wrong current password: the session stays (a 401 would mean it has ended).
    403: (t, op) =>
      authed(t, op, { body: { ...(documented(op).body as object), currentPassword: 'not the password' } }),
    409: async (t, op) => {
      await t.user({ email: 'ada.lovelace@example.com' });
      return authed(t, op, documented(op));
    },
  },
  cancelSubscription: {
    400: (t, op) => authed(t, op),
    502: async (t, op) => {
      const token = await subscriber(t);
      return failingPayments(t).request(op.path, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    },
  },
  createBillingPortal: {
    // The test app's payments are the local checkout, which has no portal.
    404: (t, op) => authed(t, op),
    409: async (t, op) => {
      await withBillingPortal(t, () => Promise.resolve('https://billing.stripe.com/p/session/x'));
      return authed(t, op);
    },
    502: async (t, op) => {
      const u = await exampleUser(t);
      await withBillingPortal(t, () => Promise.reject(new Error('provider down')), u.id);
      return send(t, op, { token: u.token });
    },
  },
  paymentWebhook: {
    400: (t, op) => send(t, op, { ...signedEvent(t), headers: { 'stripe-signature': 't=1,v1=00' } }),
    413: (t, op) => send(t, op, { body: 'x'.repeat(300 * 1024) }),
    500: async (t, op) => {
      const broken = new Proxy(t.runtime.deps.db, {
        get: () => () => {
          throw new Error('database down');
        },
      });
      const { body, headers } = signedEvent(t);
      return createApp({ ...t.runtime.deps, db: broken }).request(op.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: body as string,
      });
    },
  },
  replicateWebhook: {
    400: (t, op) => send(t, op, { body: withReplicateWebhooks(t).body as string }),
    401: (t, op) => send(t, op, withReplicateWebhooks(t, `whsec_${Buffer.from('another key').toString('base64')}`)),
    // The test app runs without REPLICATE_WEBHOOK_SECRET.
    404: (t, op) => send(t, op, signedCompletion()),
    413: (t, op) => send(t, op, { ...withReplicateWebhooks(t), body: 'x'.repeat(1024 * 1024 + 1) }),
    500: async (t, op) => {
      const broken = new Proxy(t.runtime.deps.db, {
        get: () => () => {
          throw new Error('database down');
        },
      });
      const { body, headers = {} } = signedCompletion();
      return createApp({
        ...t.runtime.deps,
        db: broken,
        config: { ...t.config, replicateWebhookSecret },
      }).request(op.path, { method: 'POST', headers, body: body as string });
    },
  },
  shareCreation: {
    409: async (t, op) => {
      const { token } = await exampleUser(t);
      return send(t, op, { token, params: { id: await finishedRun(t, token, 'a long one [hang]') } });
    },
  },
  downloadCreations: { 404: (t, op) => authed(t, op, { body: { ids: [crypto.randomUUID()] } }) },
  deleteCreations: {
    404: (t, op) => authed(t, op, { body: { ids: [crypto.randomUUID()] } }),
    409: async (t, op) => {
      const { token } = await exampleUser(t);
      return send(t, op, { token, body: { ids: [await finishedRun(t, token, 'a long one [hang]')] } });
    },
  },
  getSpending: { 400: (t, op) => authed(t, op, { query: { month: '2026-13' } }) },
  deleteCreation: {
    409: async (t, op) => {
      const { token } = await exampleUser(t);
      return send(t, op, { token, params: { id: await finishedRun(t, token, 'a long one [hang]') } });
    },
  },
  generateImage: { 502: (t, op) => startWith(t, op, { prompt: 'a lighthouse [fail]' }) },
  startBatch: {
    402: async (t, op) => {
      const { token } = await t.user({ credits: 1 });
      return send(t, op, { ...documented(op), token });
    },
    422: async (t, op) => {
      const req = await exampleRequest(t, op.operationId);
      const headers = { 'Idempotency-Key': 'contract-batch-1' };
      expect((await send(t, op, { ...req, headers })).status).toBe(201);
      return send(t, op, { ...req, headers, body: { ...(req.body as object), prompts: ['another'] } });
    },
  },
  // COLLECT-3 to COLLECT-8: names in use, empty lists, collections and creations that are not the caller's.
  listCreations: { 404: (t, op) => authed(t, op, { query: { collection: crypto.randomUUID() } }) },
  createCollection: {
    409: async (t, op) => {
      const { token } = await exampleUser(t);
      await newCollection(t, token);
      return send(t, op, { token, body: { name: 'KEEP' } });
    },
  },
  renameCollection: {
    400: async (t, op) => send(t, op, { ...(await exampleRequest(t, op.operationId)), body: { name: ' ' } }),
    404: (t, op) => authed(t, op, { params: { id: crypto.randomUUID() }, body: { name: 'Best' } }),
    409: async (t, op) => {
      const req = await exampleRequest(t, op.operationId);
      await newCollection(t, req.token!, 'Best');
      return send(t, op, req);
    },
  },
  addToCollection: {
    400: async (t, op) => send(t, op, { ...(await exampleRequest(t, op.operationId)), body: { ids: [] } }),
    404: async (t, op) =>
      send(t, op, { ...(await exampleRequest(t, op.operationId)), body: { ids: [crypto.randomUUID()] } }),
  },
  removeFromCollection: {
    400: async (t, op) => send(t, op, { ...(await exampleRequest(t, op.operationId)), body: { ids: [] } }),
    404: async (t, op) =>
      send(t, op, { ...(await exampleRequest(t, op.operationId)), body: { ids: [crypto.randomUUID()] } }),
  },
  starCreations: { 404: (t, op) => authed(t, op, { body: { ids: [crypto.randomUUID()] } }) },
  unstarCreations: { 404: (t, op) => authed(t, op, { body: { ids: [crypto.randomUUID()] } }) },
  cancelRun: {
    409: async (t, op) => {
      const { token } = await exampleUser(t);
      return send(t, op, { token, params: { id: await finishedRun(t, token) } });
    },
  },
  // PROMPT-5: the example's name is taken (saved once first).
  createPromptStyle: {
    409: async (t, op) => {
      const req = await exampleRequest(t, op.operationId);
      expect((await send(t, op, req)).status).toBe(201);
      return send(t, op, req);
    },
  },
  updatePromptStyle: {
    400: (t, op) => authed(t, op, { params: { id: crypto.randomUUID() }, body: '{not json' }),
    404: (t, op) => authed(t, op, { ...documented(op), params: { id: crypto.randomUUID() } }),
    409: async (t, op) => {
      const req = await exampleRequest(t, op.operationId);
      const other = { name: 'Another', template: 'another {prompt}' };
      expect((await send(t, operations.createPromptStyle, { token: req.token, body: other })).status).toBe(201);
      return send(t, op, { ...req, body: { ...(req.body as object), name: 'Another' } });
    },
  },
};

for (const op of operationList.filter((o) => isStart(o) && o.answer !== operations.getPrediction.answer)) {
  causes[op.operationId] = {
    ...causes[op.operationId],
    402: async (t, o) => {
      const { token } = await t.user({ credits: 0 });
      return send(t, o, { ...(await exampleRequest(t, o.operationId, token)), token });
    },
    422: async (t, o) => {
      const req = await exampleRequest(t, o.operationId);
      const body = req.body as { modelId: string; input: Record<string, unknown> };
      const headers = { 'Idempotency-Key': 'contract-key-1' };
      await settled(t, req, await send(t, o, { ...req, headers }));
      return send(t, o, { ...req, headers, body: { ...body, input: { ...body.input, seed: 2 } } });
    },
    504: (t, o) => startWith(t, o, { note: '[busy]' }),
    // COLLECT-6: a collection that is not the caller's.
    404: async (t, o) => {
      const req = await exampleRequest(t, o.operationId);
      return send(t, o, { ...req, body: { ...(req.body as object), collectionId: crypto.randomUUID() } });
    },
  };
}

// REFINE: the starts from a creation take no model and input of the caller: their own causes.
const refineCauses = (strength: 'strong' | null): Partial<Record<ErrorStatus, Cause>> => ({
  400: (t, op) =>
    strength
      ? startRefineWith(t, op, { body: { strength: 'wild' } })
      : startRefineWith(t, op, { headers: { 'Idempotency-Key': 'no' } }),
  402: async (t, op) => {
    const { token } = await t.user({ credits: 0 });
    return send(t, op, { ...(await exampleRequest(t, op.operationId, token)), token });
  },
  404: (t, op) => authed(t, op, { params: { id: crypto.randomUUID() }, ...(strength ? { body: { strength } } : {}) }),
  409: async (t, op) => {
    const { token } = await exampleUser(t);
    return send(t, op, {
      token,
      params: { id: await finishedRun(t, token) },
      ...(strength ? { body: { strength } } : {}),
    });
  },
  422: async (t, op) => {
    const req = await exampleRequest(t, op.operationId);
    const headers = { 'Idempotency-Key': 'contract-refine-1' };
    await settled(t, req, await send(t, op, { ...req, headers }));
    // The same key for another request: the other strength, or a Vary after an Upscale.
    return strength
      ? send(t, op, { ...req, headers, body: { strength: 'subtle' } })
      : send(t, operations.varyCreation, { ...req, headers, body: { strength: 'subtle' } });
  },
  504: async (t, op) => {
    const req = await exampleRequest(t, op.operationId);
    const busy = {
      ...contractProvider,
      admit: () => {
        throw new ProviderBusyError();
      },
    };
    t.app = createApp({ ...t.runtime.deps, providers: { ...t.runtime.deps.providers, local: busy } });
    return send(t, op, req);
  },
});
const startRefineWith = async (t: TestContext, op: Op, extra: Omit<Sent, 'token' | 'params'>) =>
  send(t, op, { ...(await exampleRequest(t, op.operationId)), ...extra });
causes.upscaleCreation = { ...causes.upscaleCreation, ...refineCauses(null) };
causes.varyCreation = { ...causes.varyCreation, ...refineCauses('strong') };

/** Waits for the run a start answered to end (so no run writes files after its test). */
async function settled(t: TestContext, req: Sent, res: Response): Promise<unknown> {
  // A file answer (CSV, ZIP) is read as text: its schema is a string.
  if (!res.headers.get('content-type')?.startsWith('application/json')) return res.clone().text();
  const body: unknown = await res.clone().json();
  const id = res.status === 201 ? (body as { id?: unknown }).id : undefined;
  if (typeof id === 'string' && req.token) await pollPrediction(t, req.token, id);
  return body;
}

const causeOf = (op: Op, status: ErrorStatus): Cause | undefined => causes[op.operationId]?.[status] ?? generic[status];

for (const backend of embedded) {
  describe(`the operation table against the app (${backend})`, () => {
    const t = setupApp(backend, { providers: () => ({ local: contractProvider }) });

    for (const op of operationList) {
      it(`${op.operationId}: the documented example answers ${op.status} and the documented schema`, async () => {
        expect(v.safeParse(op.answer, op.examples.answer).issues).toBeUndefined();
        if (op.body && op.examples.request?.body !== undefined)
          expect(v.safeParse(op.body, op.examples.request.body).issues).toBeUndefined();
        const req = await exampleRequest(t, op.operationId);
        const res = await send(t, op, req);
        const body = await settled(t, req, res);
        expect({ status: res.status, body }).toMatchObject({ status: op.status });
        if (op.media) expect(res.headers.get('content-type')).toMatch(new RegExp(`^${op.media}`));
        expect(v.safeParse(op.answer, body).issues).toBeUndefined();
      });

      for (const status of op.errors.filter((s) => !elsewhere.includes(s))) {
        it(`${op.operationId}: answers ${status} with a message`, async () => {
          const cause = causeOf(op, status);
          expect(cause, `no request causes ${status} on ${op.operationId}`).toBeDefined();
          await expectError(await cause!(t, op), status);
        });
      }
    }

    it('the tool starts are the catalogue’s start operations', async () => {
      const { predictionStarts } = await import('../../src/catalog');
      const starts = operationList.filter((o) => isStart(o) && o.status === 201).map((o) => o.operationId);
      expect(starts.filter((id) => id !== 'startGeneration').sort()).toEqual([...predictionStarts].sort());
    });

    it('503 is documented only where contract-busy.test.ts causes it', () => {
      const with503 = operationList.filter((o) => (o.errors as readonly number[]).includes(503));
      expect(with503.map((o) => o.operationId)).toEqual(['upload']);
    });

    it('the credits alias answers as the credits call', async () => {
      const { token } = await exampleUser(t, 7);
      expect(await json(await send(t, operations.getCreditsAlias, { token }))).toEqual({ credits: 7 });
    });
  });
}
