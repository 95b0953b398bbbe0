/** The whole journey in-process, with the real offline provider and the real local checkout and signatures. */
import { describe, expect, it } from 'vitest';
import { json, payCheckout, setupApp, sharedTestPool } from './helpers';
import { createLocalProvider } from '../../server/providers/local';
import { toolByKey } from '../../src/catalog';
import type { OutboxEntry } from '../../server/services/mail';

describe('end to end (local provider, local checkout)', () => {
  const t = setupApp('pglite', { providers: () => ({ local: createLocalProvider({ pool: sharedTestPool() }) }) });

  it('register → verify from the outbox → login → user → text-to-image PNG → buy a pack once', async () => {
    const email = 'journey@example.com';
    const password = 'a long passphrase';
    expect((await t.request('/api/auth/register', { body: { email, password } })).status).toBe(201);

    const [mail] = await json<OutboxEntry[]>(await t.request('/dev/outbox'));
    expect(mail?.to).toBe(email);
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toMatch(/^\/verify-email\//);
    const verified = await t.request(`/api/auth${link.pathname}`);
    expect(verified.status).toBe(200);

    const { token } = await json<{ token: string }>(await t.request('/api/auth/login', { body: { email, password } }));
    const user = await json<{ email: string; credits: number; subscription: { plan: string } }>(
      await t.request('/api/auth/user', { token }),
    );
    expect(user).toMatchObject({ email, credits: 50, subscription: { plan: 'free' } });

    const tool = toolByKey('text-to-image');
    const gen = await t.request('/api/generate/image', {
      token,
      body: {
        provider: 'replicate',
        modelId: tool.id,
        cost: 1,
        input: { ...tool.defaultParams, prompt: 'a red lighthouse', width: 256, height: 256 },
      },
    });
    expect(gen.status).toBe(200);
    const { output, credits } = await json<{ output: string; credits: number }>(gen);
    expect(credits).toBe(50 - tool.cost);
    const png = await t.request(output);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const { url, sessionId } = await json<{ url: string; sessionId: string }>(
      await t.request('/api/stripe/create-checkout-session', {
        token,
        body: { priceId: 'price_credits_1000', credits: 1000 },
      }),
    );
    const page = await t.request(new URL(url).pathname + new URL(url).search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$15.00');
    const pay = await payCheckout(t, url);
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`/credits?checkout=success&session_id=${sessionId}`);
    await payCheckout(t, url);
    expect(await json(await t.request('/api/users/credits', { token }))).toEqual({ credits: 50 - tool.cost + 1000 });
  });

  it('text tools answer with the offline model label through a polled prediction', async () => {
    const u = await t.user({ credits: 100 });
    const tool = toolByKey('text-to-text');
    const { id } = await json<{ id: string }>(
      await t.request('/api/generate/text', {
        token: u.token,
        body: { modelId: tool.id, input: { prompt: 'a haiku' } },
      }),
    );
    let p: { status: string; output: unknown; model?: string };
    do p = await json(await t.request(`/api/prediction/${id}`, { token: u.token }));
    while (p.status === 'processing');
    expect(p.status).toBe('succeeded');
    expect(typeof p.output).toBe('string');
    expect(p.model).toBe('offline preview model');
  });
});
