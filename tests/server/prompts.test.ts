/**
 * Prompt history and styles (PROMPT-1 to PROMPT-6) and Enhance prompt (ENHANCE-1 to ENHANCE-4): recorded in the
 * run start's transaction (a refused start keeps nothing), kept after the creation's deletion, capped per tool,
 * cleared on demand; styles checked and private; Enhance free, offline or through OpenAI's contract fake, and
 * limited per account with its message.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptHistory } from '../../server/db/schema';
import { createProviders } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { PROMPT_HISTORY_CAP, recordPrompt, tooManyStylesMessage } from '../../server/services/prompts';
import { ENHANCE_MODEL } from '../../server/providers/openai';
import { enhanceOffline, MAX_STYLES } from '../../src/catalog';
import { finishedRun } from './contract-fixtures';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai';
import { backends, embedded, fakeProvider, json, setupApp, sharedTestPool } from './helpers';

type History = { prompts: { prompt: string; uses: number; lastUsedAt: string }[] };
type Style = { id: string; name: string; template: string };

const historyOf = async (t: ReturnType<typeof setupApp>, token: string, toolKey: string, q?: string) =>
  json<History>(
    await t.request(`/api/prompts/history?toolKey=${toolKey}${q ? `&q=${encodeURIComponent(q)}` : ''}`, { token }),
  );

for (const backend of backends) {
  describe(`prompt history (${backend})`, () => {
    const t = setupApp(backend);

    it('PROMPT-1: a run keeps its prompt, which stays after the creation is deleted; a refused start keeps nothing', async () => {
      const u = await t.user({ credits: 100 });
      const id = await finishedRun(t, u.token, 'a red fox');
      await finishedRun(t, u.token, 'a red fox');
      expect((await historyOf(t, u.token, 'text-to-text')).prompts).toMatchObject([{ prompt: 'a red fox', uses: 2 }]);
      expect((await t.request(`/api/creations/${id}`, { token: u.token, method: 'DELETE' })).status).toBe(200);
      expect((await historyOf(t, u.token, 'text-to-text')).prompts.map((p) => p.prompt)).toEqual(['a red fox']);

      // A start the balance cannot pay is refused (402) in the same transaction: nothing kept.
      const poor = await t.user({ credits: 0 });
      const unpaid = await t.request('/api/generate/text', {
        token: poor.token,
        method: 'POST',
        body: { modelId: 'gpt-4o-mini', input: { prompt: 'unpaid prompt' } },
      });
      expect(unpaid.status).toBe(402);
      expect((await historyOf(t, poor.token, 'text-to-text')).prompts).toEqual([]);
      // Per tool: another tool's list does not hold it.
      expect((await historyOf(t, u.token, 'code-generation')).prompts).toEqual([]);
    });

    it('PROMPT-2: at most 500 prompts per tool, the least recently used dropped', async () => {
      const u = await t.user();
      const db = t.runtime.deps.db;
      const base = Date.parse('2026-01-01T00:00:00Z');
      await db.transaction(async (tx) => {
        for (let i = 0; i < PROMPT_HISTORY_CAP + 2; i++)
          await recordPrompt(tx, u.id, 'text-to-image', `prompt ${i}`, new Date(base + i * 1000));
      });
      const rows = await db
        .select({ prompt: promptHistory.prompt })
        .from(promptHistory)
        .where(and(eq(promptHistory.userId, u.id), eq(promptHistory.toolKey, 'text-to-image')));
      expect(rows).toHaveLength(PROMPT_HISTORY_CAP);
      const kept = new Set(rows.map((r) => r.prompt));
      expect([kept.has('prompt 0'), kept.has('prompt 1'), kept.has('prompt 2'), kept.has('prompt 501')]).toEqual([
        false,
        false,
        true,
        true,
      ]);
    });
  });
}

for (const backend of embedded) {
  describe(`prompt history, styles and enhance (${backend})`, () => {
    const t = setupApp(backend, { env: { RATE_LIMIT_ENHANCE: '2' } });

    it('PROMPT-4: searched, most recent first, limited; another account sees none of it', async () => {
      const u = await t.user();
      const other = await t.user();
      const at = new Date('2026-02-01T00:00:00Z');
      await t.runtime.deps.db.transaction(async (tx) => {
        await recordPrompt(tx, u.id, 'text-to-image', 'a red fox', at);
        await recordPrompt(tx, u.id, 'text-to-image', 'a blue whale', new Date(at.getTime() + 1000));
        await recordPrompt(tx, u.id, 'text-to-image', '100% fox_y', new Date(at.getTime() + 2000));
      });
      expect((await historyOf(t, u.token, 'text-to-image')).prompts.map((p) => p.prompt)).toEqual([
        '100% fox_y',
        'a blue whale',
        'a red fox',
      ]);
      expect((await historyOf(t, u.token, 'text-to-image', 'FOX')).prompts.map((p) => p.prompt)).toEqual([
        '100% fox_y',
        'a red fox',
      ]);
      expect((await historyOf(t, u.token, 'text-to-image', '%')).prompts.map((p) => p.prompt)).toEqual(['100% fox_y']);
      const limited = await t.request('/api/prompts/history?toolKey=text-to-image&limit=1', { token: u.token });
      expect((await json<History>(limited)).prompts).toHaveLength(1);
      expect((await historyOf(t, other.token, 'text-to-image')).prompts).toEqual([]);
      expect((await t.request('/api/prompts/history', { token: u.token })).status).toBe(400);
      expect((await t.request('/api/prompts/history?toolKey=text-to-image')).status).toBe(401);
    });

    it('PROMPT-3: Clear prompt history forgets every tool’s prompts of the account only', async () => {
      const u = await t.user();
      const other = await t.user();
      await t.runtime.deps.db.transaction(async (tx) => {
        await recordPrompt(tx, u.id, 'text-to-image', 'a red fox', new Date());
        await recordPrompt(tx, u.id, 'text-to-text', 'a poem', new Date());
        await recordPrompt(tx, other.id, 'text-to-image', 'their fox', new Date());
      });
      const res = await t.request('/api/prompts/history', { token: u.token, method: 'DELETE' });
      expect(await json(res)).toEqual({ cleared: 2, message: 'Prompt history cleared' });
      expect((await historyOf(t, u.token, 'text-to-image')).prompts).toEqual([]);
      expect((await historyOf(t, other.token, 'text-to-image')).prompts).toHaveLength(1);
    });

    it('PROMPT-5, PROMPT-6: styles are checked, unique by name, at most 50, and 404 for another account', async () => {
      const u = await t.user();
      const other = await t.user();
      const save = (body: unknown, token = u.token) =>
        t.request('/api/prompts/styles', { token, method: 'POST', body });
      const made = await save({ name: ' Cinematic ', template: 'cinematic still of {prompt}, 35 mm, soft light' });
      expect(made.status).toBe(201);
      const style = await json<Style>(made);
      expect(style).toMatchObject({ name: 'Cinematic', template: 'cinematic still of {prompt}, 35 mm, soft light' });

      const refusals = [
        [{ name: '', template: '{prompt}' }, 400, "A style's name takes 1 to 40 characters."],
        [{ name: 'x'.repeat(41), template: '{prompt}' }, 400, "A style's name takes 1 to 40 characters."],
        [
          { name: 'No slot', template: 'cinematic' },
          400,
          'A style holds {prompt} exactly once, in at most 1000 characters.',
        ],
        [
          { name: 'Two', template: '{prompt} and {prompt}' },
          400,
          'A style holds {prompt} exactly once, in at most 1000 characters.',
        ],
        [
          { name: 'Long', template: `{prompt}${'x'.repeat(1000)}` },
          400,
          'A style holds {prompt} exactly once, in at most 1000 characters.',
        ],
        [{ name: 'Cinematic', template: '{prompt}' }, 409, 'You already have a style with this name.'],
      ] as const;
      for (const [body, status, message] of refusals) {
        const res = await save(body);
        expect({ status: res.status, message: (await json<{ message: string }>(res)).message }).toEqual({
          status,
          message,
        });
      }
      // The same name in another account is its own.
      expect((await save({ name: 'Cinematic', template: '{prompt}!' }, other.token)).status).toBe(201);

      // Another account's style: 404 on change and delete, nothing changed.
      const id = style.id;
      const change = { name: 'Mine now', template: 'x {prompt}' };
      expect(
        (await t.request(`/api/prompts/styles/${id}`, { token: other.token, method: 'POST', body: change })).status,
      ).toBe(404);
      expect((await t.request(`/api/prompts/styles/${id}`, { token: other.token, method: 'DELETE' })).status).toBe(404);
      const mine = await json<{ styles: Style[] }>(await t.request('/api/prompts/styles', { token: u.token }));
      expect(mine.styles).toEqual([style]);
      const theirs = await json<{ styles: Style[] }>(await t.request('/api/prompts/styles', { token: other.token }));
      expect(theirs.styles.map((s) => s.template)).toEqual(['{prompt}!']);

      const changed = await t.request(`/api/prompts/styles/${id}`, { token: u.token, method: 'POST', body: change });
      expect(await json(changed)).toEqual({ id, ...change });
      expect((await t.request(`/api/prompts/styles/${id}`, { token: u.token, method: 'DELETE' })).status).toBe(200);
      expect((await t.request(`/api/prompts/styles/${id}`, { token: u.token, method: 'DELETE' })).status).toBe(404);

      for (let i = 0; i < MAX_STYLES; i++)
        expect((await save({ name: `Style ${i}`, template: `{prompt} ${i}` })).status).toBe(201);
      const full = await save({ name: 'One more', template: '{prompt}' });
      expect({ status: full.status, message: (await json<{ message: string }>(full)).message }).toEqual({
        status: 409,
        message: tooManyStylesMessage,
      });
    });

    it('ENHANCE-1, ENHANCE-2, ENHANCE-3: offline, free, deterministic, and limited with its message', async () => {
      const u = await t.user({ credits: 40 });
      const enhance = (prompt: string, toolKey = 'text-to-image') =>
        t.request('/api/prompts/enhance', { token: u.token, method: 'POST', body: { toolKey, prompt } });
      const first = await json<{ prompt: string; source: string }>(await enhance('a red fox'));
      expect(first.source).toBe('offline');
      expect(first.prompt).toContain('fox');
      expect(first.prompt.startsWith('a red fox, ')).toBe(true);
      expect(first.prompt.length).toBeGreaterThan('a red fox'.length + 20);
      expect(first.prompt).toBe(enhanceOffline('image', 'a red fox'));
      // Another kind of tool gets its own words.
      const text = await json<{ prompt: string }>(await enhance('a poem about the sea', 'text-to-text'));
      expect(text.prompt).toBe(enhanceOffline('text', 'a poem about the sea'));
      const refused = await enhance('a red fox');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await json<{ message: string }>(refused)).message).toMatch(
        /^Too many prompt enhancements\. Please try again in (\d+) minutes?\.$/,
      );
      // Free: no credit moved, no run, nothing in the history.
      const credits = await json<{ credits: number }>(await t.request('/api/users/credits', { token: u.token }));
      expect(credits.credits).toBe(40);
      expect((await historyOf(t, u.token, 'text-to-image')).prompts).toEqual([]);
    });

    it('ENHANCE-1: an unknown tool or an empty prompt is refused with a message', async () => {
      const u = await t.user();
      const bad = await t.request('/api/prompts/enhance', {
        token: u.token,
        method: 'POST',
        body: { toolKey: 'no-such-tool', prompt: 'a fox' },
      });
      expect({ status: bad.status, body: await json(bad) }).toEqual({ status: 400, body: { message: 'Unknown tool' } });
      const empty = await t.request('/api/prompts/enhance', {
        token: u.token,
        method: 'POST',
        body: { toolKey: 'text-to-image', prompt: '   ' },
      });
      expect(empty.status).toBe(400);
      expect((await json<{ message: string }>(empty)).message).toBe('Please enter a prompt');
    });
  });

  describe(`Enhance prompt through OpenAI (${backend})`, () => {
    let openai: FakeOpenAI;
    beforeAll(async () => {
      openai = await startFakeOpenAI();
    });
    afterAll(() => openai.close());
    const t = setupApp(backend, {
      providers: () => ({
        ...createProviders(
          loadConfig({
            OPENAI_API_KEY: 'sk-fake-key',
            OPENAI_BASE_URL: openai.baseUrl,
            DATA_DIR: '/tmp/atelier-unused',
          }),
          sharedTestPool(),
          { log: () => undefined },
        ),
        local: fakeProvider('succeed'),
      }),
    });

    it('ENHANCE-1: the text model’s rewrite, the request held to OpenAI’s document; a failure falls back offline', async () => {
      const u = await t.user({ credits: 10 });
      const send = () =>
        t.request('/api/prompts/enhance', {
          token: u.token,
          method: 'POST',
          body: { toolKey: 'text-to-image', prompt: 'a red fox' },
        });
      const answer = await json<{ prompt: string; source: string }>(await send());
      expect(answer).toEqual({ prompt: 'Here is the answer.', source: 'openai' });
      expect(openai.problems()).toEqual([]);
      const seen = openai.requests.at(-1)!.body as { model: string; messages: { role: string; content: string }[] };
      expect(seen.model).toBe(ENHANCE_MODEL);
      expect(seen.messages.map((m) => m.role)).toEqual(['system', 'user']);
      expect(seen.messages[1]!.content).toBe('a red fox');
      expect(seen.messages[0]!.content).toContain('image generation tool');

      openai.outcome = 'revoked';
      const fallback = await json<{ prompt: string; source: string }>(await send());
      expect(fallback).toEqual({ prompt: enhanceOffline('image', 'a red fox'), source: 'offline' });
      openai.outcome = 'succeeded';
      const credits = await json<{ credits: number }>(await t.request('/api/users/credits', { token: u.token }));
      expect(credits.credits).toBe(10);
    });
  });
}
