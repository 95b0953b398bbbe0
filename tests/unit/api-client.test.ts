import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiError, createApiClient } from '../../src/api/client';
import { createEndpoints } from '../../src/api/endpoints';
import { deleteToken, readToken, storeToken } from '../../src/flows/session/token-storage.effects';

type Call = { url: string; init: RequestInit };

function stubFetch(status: number, body: unknown, calls: Call[] = []) {
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input instanceof Request ? input.url : input), init: init ?? {} });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return fn as typeof fetch;
}

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

describe('api client', () => {
  let log: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    log = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.clear();
  });
  afterEach(() => log.mockRestore());

  it("CALL-1, AUTH-16: sends JSON with the session's bearer token and credentials, and parses the answer", async () => {
    const calls: Call[] = [];
    const api = createApiClient({ fetch: stubFetch(200, { token: 'new' }, calls), getToken: () => 'abc' });
    const answer = await api.request('POST', '/api/auth/login', v.object({ token: v.string() }), {
      body: { email: 'a@b.c', password: 'x' },
    });
    expect(answer).toEqual({ token: 'new' });
    expect(calls[0]?.url).toBe('/api/auth/login');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'x' }));
    expect(headersOf(calls[0]).get('authorization')).toBe('Bearer abc');
    expect(headersOf(calls[0]).get('content-type')).toBe('application/json');
  });

  it('never reads the stored token on its own: without getToken it sends none', async () => {
    storeToken('stored');
    const calls: Call[] = [];
    const api = createApiClient({ fetch: stubFetch(200, { credits: 3 }, calls) });
    await api.request('GET', '/api/users/credits', v.object({ credits: v.number() }));
    expect(headersOf(calls[0]).has('authorization')).toBe(false);
  });

  it('tells who holds the token about a 401 on a call made with it, and only then', async () => {
    const refused: string[] = [];
    const onUnauthorized = (token: string) => void refused.push(token);
    const withToken = createApiClient({
      fetch: stubFetch(401, { message: 'Unauthorized' }),
      getToken: () => 'abc',
      onUnauthorized,
    });
    await expect(withToken.request('GET', '/api/users/credits', v.unknown())).rejects.toMatchObject({ status: 401 });
    expect(refused).toEqual(['abc']);
    // A visitor's call (no token) and a call that is not on the session's behalf (login) are not expiries.
    const visitor = createApiClient({ fetch: stubFetch(401, {}), getToken: () => null, onUnauthorized });
    await expect(visitor.request('GET', '/api/users/credits', v.unknown())).rejects.toThrow();
    const e = createEndpoints(
      createApiClient({
        fetch: stubFetch(401, { message: 'Invalid email or password' }),
        getToken: () => 'abc',
        onUnauthorized,
      }),
    );
    await expect(e.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid email or password');
    expect(refused).toEqual(['abc']);
    // Other failures are not expiries.
    const failing = createApiClient({ fetch: stubFetch(500, {}), getToken: () => 'abc', onUnauthorized });
    await expect(failing.request('GET', '/api/users/credits', v.unknown())).rejects.toThrow();
    expect(refused).toEqual(['abc']);
  });

  it('sends no Authorization header without a token', async () => {
    const calls: Call[] = [];
    const api = createApiClient({ fetch: stubFetch(200, { credits: 3 }, calls) });
    await api.request('GET', '/api/users/credits', v.object({ credits: v.number() }));
    expect(headersOf(calls[0]).has('authorization')).toBe(false);
  });

  it("CALL-1: throws the server's message with status, details and the expired flag, and logs 'API Error'", async () => {
    const api = createApiClient({
      fetch: stubFetch(410, { message: 'Link expired', details: 'old', expired: true }),
    });
    const error = await api.request('GET', '/api/auth/verify-email/x', v.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Link expired', status: 410, details: 'old', expired: true });
    expect(log).toHaveBeenCalledWith('API Error', error);
  });

  it('TOOL-44: a refusal that says it charged nothing (charged: false) is marked so; others are not', async () => {
    const busy = createApiClient({ fetch: stubFetch(504, { message: 'The model is busy', charged: false }) });
    await expect(busy.request('POST', '/api/generate/image', v.unknown())).rejects.toMatchObject({
      status: 504,
      nothingCharged: true,
    });
    const proxy = createApiClient({ fetch: stubFetch(504, { message: 'Gateway Timeout' }) });
    await expect(proxy.request('POST', '/api/generate/image', v.unknown())).rejects.toMatchObject({
      status: 504,
      nothingCharged: false,
    });
  });

  it("CALL-1: falls back to 'Network response was not ok' without a message", async () => {
    const api = createApiClient({ fetch: stubFetch(500, { oops: true }) });
    await expect(api.request('GET', '/api/auth/user', v.unknown())).rejects.toMatchObject({
      message: 'Network response was not ok',
      status: 500,
      expired: false,
    });
  });

  it("TOOL-27: rejects an answer of the wrong shape with 'Invalid response from the API'", async () => {
    const api = createApiClient({ fetch: stubFetch(200, { token: 42 }) });
    await expect(api.request('POST', '/api/auth/login', v.object({ token: v.string() }))).rejects.toMatchObject({
      message: 'Invalid response from the API',
    });
  });

  it('logs and rethrows network failures', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const api = createApiClient({ fetch: failing });
    await expect(api.request('GET', '/api/auth/user', v.unknown())).rejects.toThrow();
    expect(log).toHaveBeenCalledWith('API Error', expect.anything());
  });
});

describe('endpoints', () => {
  it('call the paths of the API', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: Call[] = [];
    const e = createEndpoints(
      createApiClient({ fetch: stubFetch(200, { success: true }, calls), getToken: () => null }),
    );
    await e.cancelSubscription();
    await e.logout();
    await e.deleteAccount();
    await e.saveTheme('ocean');
    await expect(e.verifyEmail('a/b')).rejects.toMatchObject({ message: 'Invalid response from the API' });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'POST /api/stripe/cancel-subscription',
      'POST /api/auth/logout',
      'DELETE /api/users/delete-account',
      'POST /api/users/theme',
      'GET /api/auth/verify-email/a%2Fb',
    ]);
    expect(calls[3]?.init.body).toBe(JSON.stringify({ theme: 'ocean' }));
    log.mockRestore();
  });
});

describe('file endpoints', () => {
  it('CREATIONS-11: the ZIP is a call like any other: its token, its media type, a Blob; a 401 ends the session', async () => {
    const calls: Call[] = [];
    const zipFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response('PK\x05\x06', { status: 200, headers: { 'Content-Type': 'application/zip' } });
    }) as typeof fetch;
    const e = createEndpoints(createApiClient({ fetch: zipFetch, getToken: () => 'abc' }));
    const zip = await e.downloadCreations(['c1', 'c2']);
    expect(zip.type).toBe('application/zip');
    expect((await zip.text()).startsWith('PK')).toBe(true);
    expect(`${calls[0]?.init.method} ${calls[0]?.url} ${String(calls[0]?.init.body)}`).toBe(
      'POST /api/creations/zip {"ids":["c1","c2"]}',
    );
    expect(headersOf(calls[0]).get('authorization')).toBe('Bearer abc');
    expect(headersOf(calls[0]).get('accept')).toBe('application/zip');

    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused: string[] = [];
    const expired = createEndpoints(
      createApiClient({
        fetch: stubFetch(401, { message: 'Unauthorized' }),
        getToken: () => 'abc',
        onUnauthorized: (token) => void refused.push(token),
      }),
    );
    await expect(expired.downloadCreations(['c1'])).rejects.toMatchObject({ message: 'Unauthorized', status: 401 });
    expect(refused).toEqual(['abc']);
    log.mockRestore();
  });
});

describe('payment endpoints', () => {
  it('POST the plan and the pack to /api/stripe and read sessionId and url', async () => {
    const calls: Call[] = [];
    const answer = { sessionId: 'cs_1', url: 'http://127.0.0.1/checkout/cs_1' };
    const e = createEndpoints(createApiClient({ fetch: stubFetch(200, answer, calls), getToken: () => 'abc' }));
    expect(await e.createSubscription({ planId: 'pro', billingCycle: 'monthly' })).toEqual(answer);
    expect(await e.createCheckoutSession({ priceId: 'price_credits_1000', credits: 1000 })).toEqual(answer);
    expect(calls.map((c) => `${c.init.method} ${c.url} ${String(c.init.body)}`)).toEqual([
      'POST /api/stripe/create-subscription {"planId":"pro","billingCycle":"monthly"}',
      'POST /api/stripe/create-checkout-session {"priceId":"price_credits_1000","credits":1000}',
    ]);
    expect(headersOf(calls[0]).get('authorization')).toBe('Bearer abc');
  });

  it('CHECKOUT-2: leave a missing session id to the checkout flow instead of failing the parse', async () => {
    const e = createEndpoints(createApiClient({ fetch: stubFetch(200, {}), getToken: () => 'abc' }));
    expect(await e.createCheckoutSession({ priceId: 'price_credits_1000' })).toEqual({});
  });
});

describe('token storage', () => {
  it("AUTH-16: keeps the token under 'token'", () => {
    storeToken('t1');
    expect(localStorage.getItem('token')).toBe('t1');
    expect(readToken()).toBe('t1');
    deleteToken();
    expect(readToken()).toBeNull();
  });
});
