import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, setupApp } from './helpers';
import { createApp } from '../../server/app';
import { HttpError, parseInput } from '../../server/errors';
import { loadConfig } from '../../server/config';
import * as v from 'valibot';

describe('app shell', () => {
  const t = setupApp('pglite');

  it('unknown /api paths answer 404 JSON', async () => {
    const res = await t.request('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ message: 'Not found' });
  });

  it('serves the built SPA with a history fallback, never outside dist', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Atelier</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    const app = createApp({ ...t.runtime.deps, distDir: dist });
    const asset = await app.request('/assets/app.js');
    expect(asset.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(await asset.text()).toBe('console.log(1)');
    const route = await app.request('/image-models/text-to-image');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Atelier</title>');
    const escape = await app.request('/..%2f..%2fetc/passwd');
    expect(await escape.text()).toContain('<title>Atelier</title>');
    expect((await app.request('/api/unknown')).status).toBe(404);
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('publishes OpenAPI 3.1 generated from the schemas', async () => {
    const doc = await json<{
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }
        >
      >;
    }>(await t.request('/api/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/generate/voice', '/api/prediction/{id}', '/api/stripe/webhook']),
    );
    expect(
      Object.keys(doc.paths['/api/auth/login']!['post']!.requestBody!.content['application/json']!.schema.properties!),
    ).toEqual(['email', 'password']);
  });

  it('unknown errors are logged and answered 500 with a generic message, no stack', async () => {
    // A database that fails on every call: the route has no idea what went wrong.
    const broken = new Proxy(t.runtime.deps.db, {
      get: () => () => {
        throw new Error('secret internals');
      },
    });
    const app = createApp({ ...t.runtime.deps, db: broken });
    const res = await app.request('/api/users/credits', { headers: { authorization: 'Bearer whatever' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(text).not.toContain('secret');
    expect(t.logs.some((l) => l.includes('secret internals'))).toBe(true);
  });

  it('parseInput turns schema issues into 400 {message, details}', () => {
    try {
      parseInput(v.object({ n: v.number('n must be a number') }), { n: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toBe('n must be a number');
      expect((error as HttpError).extra['details']).toEqual([{ path: 'n', message: 'n must be a number' }]);
    }
  });

  it('config: defaults, and a readable error for bad settings', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.freeCredits).toBe(50);
    expect(c.generationTimeoutMs).toBe(120_000);
    expect(c.verificationTokenTtlMs).toBe(24 * 3600_000);
    expect(loadConfig({ VERIFICATION_TOKEN_TTL_MS: '60000' }).verificationTokenTtlMs).toBe(60_000);
    expect(() => loadConfig({ VERIFICATION_TOKEN_TTL_MS: '0' })).toThrow(/VERIFICATION_TOKEN_TTL_MS/);
    expect(loadConfig({ PORT: '8080', APP_URL: 'https://atelier.example/' }).appUrl).toBe('https://atelier.example');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    // The AI services' API bases: an http(s) address without its trailing slash, or the services themselves.
    expect([c.replicateBaseUrl, c.openaiBaseUrl]).toEqual([undefined, undefined]);
    const bases = loadConfig({
      REPLICATE_BASE_URL: 'http://127.0.0.1:9001/v1/',
      OPENAI_BASE_URL: 'https://proxy.example/v1',
    });
    expect([bases.replicateBaseUrl, bases.openaiBaseUrl]).toEqual([
      'http://127.0.0.1:9001/v1',
      'https://proxy.example/v1',
    ]);
    expect(() => loadConfig({ OPENAI_BASE_URL: 'ftp://x.example' })).toThrow(/OPENAI_BASE_URL/);
    // How often a Replicate prediction is read: 1 s unless set, never below 10 ms.
    expect(c.replicatePollIntervalMs).toBe(1000);
    expect(loadConfig({ REPLICATE_POLL_INTERVAL_MS: '20' }).replicatePollIntervalMs).toBe(20);
    expect(() => loadConfig({ REPLICATE_POLL_INTERVAL_MS: '5' })).toThrow(/REPLICATE_POLL_INTERVAL_MS/);
  });
});
