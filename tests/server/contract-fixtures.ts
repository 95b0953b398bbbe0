/**
 * What the contract tests (contract*.test.ts) share: a provider that fails, hangs or refuses on a marker,
 * a way to send an operation's request, the state each operation's documented example needs (a user, a
 * token from an email, an upload, a finished run…), and the check of an error answer's body.
 */
import { expect } from 'vitest';
import * as v from 'valibot';
import { operationUrl, operations, type OperationId, type OperationSpec } from '../../src/api/operations';
import { exampleUploadUrl } from '../../src/api/operations/generation';
import { ErrorBody } from '../../src/api/schemas';
import { signStripePayload } from '../../server/payments/signature';
import { webhookHeaders } from './fakes/replicate';
import { ProviderBusyError, ProviderError, type GenerationProvider } from '../../server/providers/types';
import type { OutboxEntry } from '../../server/services/mail';
import { eq } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { users } from '../../server/db/schema';
import { fakeProvider, json, payCheckout, pollPrediction, type TestContext } from './helpers';
import { seedRun } from './history-fixtures';

const succeed = fakeProvider('succeed');
const hasMarker = (input: Readonly<Record<string, unknown>>, marker: string) =>
  Object.values(input).some((value) => typeof value === 'string' && value.includes(marker));

/** Succeeds, except: '[busy]' in any input refuses the run (504), '[fail]' fails it, '[hang]' runs until aborted. */
export const contractProvider: GenerationProvider = {
  name: 'local',
  admit(job) {
    if (hasMarker(job.input, '[busy]')) throw new ProviderBusyError();
  },
  run(job, signal) {
    if (hasMarker(job.input, '[fail]')) return Promise.reject(new ProviderError('The model rejected this prompt'));
    if (hasMarker(job.input, '[hang]'))
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    return succeed.run(job, signal);
  },
};

export interface Sent {
  readonly params?: Readonly<Record<string, string>> | undefined;
  readonly query?: Readonly<Record<string, string>> | undefined;
  readonly body?: unknown;
  readonly token?: string | undefined;
  readonly headers?: Record<string, string>;
}

export const send = (t: TestContext, op: OperationSpec, req: Sent = {}) =>
  t.request(operationUrl(op.path, req.params, req.query), {
    method: op.method.toUpperCase(),
    ...(req.body === undefined ? {} : { body: req.body }),
    ...(req.token ? { token: req.token } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
  });

/** The example's request as documented. */
export const documented = (op: OperationSpec): Sent => ({ ...op.examples.request });

/** Every documented example's user: the one the examples name, with credits to spend. */
export const exampleUser = (t: TestContext, credits = 500) =>
  t.user({ email: 'ada@example.com', password: 'correct horse', credits });

const lastSegment = (link: string) => link.split('/').pop()!;
async function mailedToken(t: TestContext): Promise<string> {
  const [mail] = await json<OutboxEntry[]>(await t.request('/dev/outbox'));
  return lastSegment(mail!.links[0]!);
}

export async function uploaded(t: TestContext, token: string): Promise<string> {
  const res = await send(t, operations.upload, { ...documented(operations.upload), token });
  expect(res.status).toBe(201);
  return (await json<{ url: string }>(res)).url;
}

/** A finished text run of the user: its id. */
export async function finishedRun(t: TestContext, token: string, prompt = 'A haiku about autumn'): Promise<string> {
  const res = await send(t, operations.generateText, {
    token,
    body: { modelId: 'gpt-4o-mini', input: { prompt } },
  });
  expect(res.status).toBe(201);
  const { id } = await json<{ id: string }>(res);
  if (!prompt.includes('[hang]')) await pollPrediction(t, token, id);
  return id;
}

/** A finished Text to Image run of the token's user (seeded: a user without credits has one too): its id. */
export async function finishedImage(t: TestContext, token: string, prompt = 'a lighthouse at dusk'): Promise<string> {
  const { id: userId } = await json<{ id: string }>(await t.request('/api/auth/user', { token }));
  return (await seedRun(t, userId, 'text-to-image', { prompt })).id;
}

/** A new collection of the holder of `token` (COLLECT-3): its id. */
export async function newCollection(t: TestContext, token: string, name = 'Keep'): Promise<string> {
  const res = await send(t, operations.createCollection, { token, body: { name } });
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

/** A signed payment event the server acknowledges and does not act on. */
export function signedEvent(t: TestContext, id = 'evt_contract_1'): Sent {
  const body = JSON.stringify({ id, type: 'customer.created', data: { object: {} } });
  return { body, headers: { 'stripe-signature': signStripePayload(t.runtime.deps.webhookSecret, body) } };
}

/** The secret of Replicate's webhooks in the contract tests (the test app runs without it: 404). */
export const replicateWebhookSecret = `whsec_${Buffer.from('contract replicate webhook key').toString('base64')}`;

/** A completed event of a prediction the server does not know, signed with `secret` (acknowledged, nothing changes). */
export function signedCompletion(secret = replicateWebhookSecret): Sent {
  const body = JSON.stringify({ id: 'p-contract-1', status: 'succeeded', output: null, error: null });
  return { body, headers: webhookHeaders(secret, body) };
}

/** The test's app as with REPLICATE_WEBHOOK_SECRET set, and a completed event signed with `secret`. */
export function withReplicateWebhooks(t: TestContext, secret = replicateWebhookSecret): Sent {
  t.app = createApp({ ...t.runtime.deps, config: { ...t.config, replicateWebhookSecret } });
  return signedCompletion(secret);
}

/** A user with an active (paid) Pro subscription: its token. */
export async function subscriber(t: TestContext): Promise<string> {
  const u = await exampleUser(t);
  const res = await send(t, operations.createSubscription, {
    ...documented(operations.createSubscription),
    token: u.token,
  });
  const { url } = await json<{ url: string }>(res);
  expect((await payCheckout(t, url)).status).toBe(303);
  return u.token;
}

/**
 * The test's app as with Stripe configured: its payments have a customer portal that answers `portal`
 * (an address, or a failure). The user named by `customerOf`, if any, has a Stripe customer.
 */
export async function withBillingPortal(
  t: TestContext,
  portal: () => Promise<string>,
  customerOf?: string,
): Promise<void> {
  if (customerOf)
    await t.runtime.deps.db.update(users).set({ providerCustomerId: 'cus_example' }).where(eq(users.id, customerOf));
  t.app = createApp({ ...t.runtime.deps, payments: { ...t.runtime.deps.payments, createPortalSession: portal } });
}

/**
 * The request of an operation's documented example, with what only the server can give filled in;
 * sent by the example user, or by the holder of `as` (a signed-in operation's token).
 */
export async function exampleRequest(t: TestContext, id: OperationId, as?: string): Promise<Sent> {
  const op: OperationSpec = operations[id];
  const base = documented(op);
  switch (id) {
    case 'register':
    case 'forgotPassword':
      return base;
    case 'verifyEmail': {
      await send(t, operations.register, documented(operations.register));
      return { params: { token: await mailedToken(t) } };
    }
    case 'login':
      await exampleUser(t);
      return base;
    case 'resetPassword': {
      await exampleUser(t);
      await send(t, operations.forgotPassword, documented(operations.forgotPassword));
      return { body: { ...(base.body as object), token: await mailedToken(t) } };
    }
    case 'paymentWebhook':
      return signedEvent(t);
    case 'replicateWebhook':
      return withReplicateWebhooks(t);
    case 'cancelSubscription':
      return { token: await subscriber(t) };
    case 'createBillingPortal': {
      const u = await exampleUser(t);
      await withBillingPortal(t, () => Promise.resolve('https://billing.stripe.com/p/session/test_YWNjdF8x'), u.id);
      return { token: u.token };
    }
    default:
      break;
  }
  const token = as ?? (await exampleUser(t)).token;
  switch (id) {
    case 'getCheckoutSession': {
      const res = await send(t, operations.createCheckoutSession, {
        ...documented(operations.createCheckoutSession),
        token,
      });
      return { token, params: { id: (await json<{ sessionId: string }>(res)).sessionId } };
    }
    case 'getPrediction':
    case 'getCreation':
    case 'deleteCreation':
    case 'shareCreation':
    case 'unshareCreation':
      return { token, params: { id: await finishedRun(t, token) } };
    case 'downloadCreations':
    case 'deleteCreations':
      return { token, body: { ids: [await finishedRun(t, token)] } };
    case 'cancelRun':
      return { token, params: { id: await finishedRun(t, token, 'a long one [hang]') } };
    case 'updatePromptStyle':
    case 'deletePromptStyle': {
      const made = await send(t, operations.createPromptStyle, { ...documented(operations.createPromptStyle), token });
      const { id } = await json<{ id: string }>(made);
      return { ...base, token, params: { id } };
    }
    case 'upscaleCreation':
    case 'varyCreation':
      return { token, params: { id: await finishedImage(t, token) }, ...(base.body ? { body: base.body } : {}) };
    case 'renameCollection':
    case 'deleteCollection':
      return { ...base, token, params: { id: await newCollection(t, token) } };
    case 'addToCollection':
    case 'removeFromCollection':
      return { token, params: { id: await newCollection(t, token) }, body: { ids: [await finishedRun(t, token)] } };
    case 'starCreations':
    case 'unstarCreations':
      return { token, body: { ids: [await finishedRun(t, token)] } };
    default:
      break;
  }
  if (JSON.stringify(base.body ?? null).includes(exampleUploadUrl)) {
    const url = await uploaded(t, token);
    return { ...base, token, body: JSON.parse(JSON.stringify(base.body).replaceAll(exampleUploadUrl, url)) as unknown };
  }
  return { ...base, token };
}

/** An error answer: the status and a {message} the SPA can show. */
export async function expectError(res: Response, status: number): Promise<void> {
  const body: unknown = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status, body: { message: expect.any(String) } });
  expect(v.safeParse(ErrorBody, body).success).toBe(true);
  expect((body as { message: string }).message).not.toBe('');
}
