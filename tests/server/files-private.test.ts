/**
 * Stored files are private: served to their owner's session, or through an address the API signed that
 * has not expired; anything else answers 404 (an expired signature 403), and a deleted creation's
 * addresses answer 404 at once.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { predictions } from '../../server/db/schema';
import { embedded, json, setupApp, tinyPng } from './helpers';
import { seedRun } from './history-fixtures';

type Detail = { output: string };

for (const backend of embedded) {
  describe(`private files (${backend})`, () => {
    const t = setupApp(backend, { env: { FILE_URL_TTL_MS: '60000' } });

    const signedOutput = async (token: string, id: string) =>
      (await json<Detail>(await t.request(`/api/creations/${id}`, { token }))).output;

    it('FILES-1: a file is served through the signed address an answer carries, or to its owner’s session; a bare address is 404', async () => {
      const u = await t.user();
      const run = await seedRun(t, u.id, 'text-to-image', { prompt: 'a fox' });
      const signed = await signedOutput(u.token, run.id);
      expect(signed).toMatch(new RegExp(`^${run.output!.replaceAll('/', '\\/')}\\?exp=\\d+&sig=[\\w-]{43}$`));

      const served = await t.request(signed);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(tinyPng);
      expect(served.headers.get('content-type')).toBe('image/png');
      // Kept only privately, and never past the address's end (60 s here).
      expect(served.headers.get('cache-control')).toBe('private, max-age=60');

      expect((await t.request(run.output!)).status).toBe(404);
      const byOwner = await t.request(run.output!, { token: u.token });
      expect(byOwner.status).toBe(200);
      expect(byOwner.headers.get('cache-control')).toBe('private, max-age=0');
      // The list signs the same way.
      const list = await json<{ items: { output: string }[] }>(await t.request('/api/creations', { token: u.token }));
      expect(list.items[0]!.output).toBe(signed);
    });

    it('FILES-2: an expired address answers 403 with a message; a tampered one 404', async () => {
      const u = await t.user();
      const run = await seedRun(t, u.id, 'text-to-image', { prompt: 'a fox' });
      const signed = await signedOutput(u.token, run.id);
      const url = new URL(signed, 'http://localhost');

      t.now = new Date(t.now.getTime() + 30_000);
      const later = await t.request(signed);
      expect(later.status).toBe(200);
      expect(later.headers.get('cache-control')).toBe('private, max-age=30');

      t.now = new Date(t.now.getTime() + 31_000);
      const expired = await t.request(signed);
      expect(expired.status).toBe(403);
      expect(await json(expired)).toEqual({
        message: 'This link to the file has expired. Open it again from Atelier.',
      });

      const sig = url.searchParams.get('sig')!;
      const exp = Number(url.searchParams.get('exp'));
      const tampered = [
        `${url.pathname}?exp=${exp + 3_600_000}&sig=${sig}`,
        `${url.pathname}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `${url.pathname}?exp=${exp}`,
        `${url.pathname}?sig=${sig}`,
      ];
      for (const address of tampered)
        expect({ address, status: (await t.request(address)).status }).toEqual({ address, status: 404 });
      // The signature of one file opens no other.
      const second = await seedRun(t, u.id, 'text-to-image', { prompt: 'an owl' });
      expect((await t.request(`${second.output!}?exp=${exp}&sig=${sig}`)).status).toBe(404);
    });

    it('FILES-3: another account’s session gets 404 for the raw address, and a deleted creation’s signed address answers 404 at once', async () => {
      const owner = await t.user();
      const other = await t.user();
      const run = await seedRun(t, owner.id, 'text-to-image', { prompt: 'mine' });
      expect((await t.request(run.output!, { token: other.token })).status).toBe(404);
      expect((await t.request(`/api/creations/${run.id}`, { token: other.token })).status).toBe(404);

      const signed = await signedOutput(owner.token, run.id);
      expect((await t.request(signed)).status).toBe(200);
      expect((await t.request(`/api/creations/${run.id}`, { token: owner.token, method: 'DELETE' })).status).toBe(200);
      expect((await t.request(signed)).status).toBe(404);
      expect((await t.request(run.output!, { token: owner.token })).status).toBe(404);
    });

    it('FILES-2: an upload answered by /api/upload is signed, and a run given that address reads it by its key', async () => {
      const u = await t.user({ credits: 500 });
      const { url } = await json<{ url: string }>(
        await t.request('/api/upload', {
          token: u.token,
          body: { image: `data:image/png;base64,${tinyPng.toString('base64')}` },
        }),
      );
      expect(url).toMatch(/^\/files\/uploads\/[a-f0-9]{32}\.png\?exp=\d+&sig=[\w-]{43}$/);
      const started = await t.request('/api/generate', {
        token: u.token,
        body: { modelId: 'black-forest-labs/flux-dev', input: { prompt: 'blue', image: url } },
      });
      expect(started.status).toBe(201);
      const { id } = await json<{ id: string }>(started);
      // Stored as its bare path (a signature expires), answered signed afresh.
      const [row] = await t.runtime.deps.db.select().from(predictions).where(eq(predictions.id, id));
      expect(row?.input?.['image']).toBe(url.split('?')[0]);
      const detail = await json<{ uploads: { field: string; url: string }[] }>(
        await t.request(`/api/creations/${id}`, { token: u.token }),
      );
      expect(detail.uploads).toEqual([{ field: 'image', url }]);
    });

    it('FILES-2: the signing key and lifetime are settings (FILE_URL_SECRET, FILE_URL_TTL_MS, one hour by default)', () => {
      expect(loadConfig({}).fileUrlTtlMs).toBe(3_600_000);
      expect(loadConfig({ FILE_URL_SECRET: 'a-secret-of-16-chars', FILE_URL_TTL_MS: '5000' })).toMatchObject({
        fileUrlSecret: 'a-secret-of-16-chars',
        fileUrlTtlMs: 5000,
      });
      expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET/);
    });
  });
}
