/**
 * My creations' history on the server: search by the words of the prompt (whole words and prefixes) with
 * filters and cursor paging, the search index the planner uses, one creation's detail, a ZIP of several,
 * and deleting several at once.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { CreationDetail, CreationsPage } from '../../src/api/schemas';
import { prefixQuery, promptMatches } from '../../server/services/creations';
import { backends, json, setupApp, tinyPng, type TestContext } from './helpers';
import { seedManyRuns, seedRun } from './history-fixtures';

async function page(t: TestContext, token: string, query: string): Promise<CreationsPage> {
  const res = await t.request(`/api/creations?${query}`, { token });
  expect(res.status).toBe(200);
  return v.parse(CreationsPage, await res.json());
}

/** Every entry of a ZIP: its name and bytes, read back with yauzl. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

for (const backend of backends) {
  describe(`my creations' history (${backend})`, () => {
    const t = setupApp(backend);

    it('CREATIONS-4: finds runs by a word or the start of one in the prompt, every word required', async () => {
      const u = await t.user();
      const other = await t.user();
      const fox = await seedRun(t, u.id, 'text-to-image', {
        prompt: 'A red Fox jumping',
        createdAt: day('2026-03-01'),
      });
      const foxes = await seedRun(t, u.id, 'text-to-text', { prompt: 'foxes in winter', createdAt: day('2026-03-02') });
      await seedRun(t, u.id, 'text-to-image', { prompt: 'a blue whale', createdAt: day('2026-03-03') });
      await seedRun(t, other.id, 'text-to-image', { prompt: 'a red fox too' });

      const ids = async (q: string) => (await page(t, u.token, `q=${encodeURIComponent(q)}`)).items.map((c) => c.id);
      expect(await ids('fox')).toEqual([foxes.id, fox.id]);
      expect(await ids('FOX')).toEqual([foxes.id, fox.id]);
      expect(await ids('jump')).toEqual([fox.id]);
      expect(await ids('red fox')).toEqual([fox.id]);
      expect(await ids('red whale')).toEqual([]);
      expect(await ids('zebra')).toEqual([]);
      // Punctuation and SQL are only words to look for.
      expect(await ids("fox' OR 1=1 --")).toEqual([]);
      expect(await ids('fox & | ! :*')).toEqual([foxes.id, fox.id]);
      expect(prefixQuery("Red fo'x")).toBe('red:* & fo:* & x:*');
      expect(prefixQuery('!!!')).toBeUndefined();
    });

    it('CREATIONS-4: filters by tool, status and day, alone or with a search, and pages through them', async () => {
      const u = await t.user();
      const made: string[] = [];
      for (let i = 1; i <= 5; i++)
        made.push(
          (await seedRun(t, u.id, 'text-to-image', { prompt: `castle ${i}`, createdAt: day(`2026-04-0${i}`) })).id,
        );
      const failed = await seedRun(t, u.id, 'text-to-image', {
        prompt: 'castle that failed',
        status: 'failed',
        createdAt: day('2026-04-06'),
      });
      const queued = await seedRun(t, u.id, 'text-to-image', { prompt: 'castle queued', status: 'queued' });
      const text = await seedRun(t, u.id, 'text-to-text', {
        prompt: 'castle poem',
        createdAt: new Date('2026-04-03T13:00:00Z'),
      });

      const ids = async (query: string) => (await page(t, u.token, query)).items.map((c) => c.id);
      expect(await ids('tool=text-to-text')).toEqual([text.id]);
      expect(await ids('status=failed')).toEqual([failed.id]);
      // A queued run is shown as starting, and found as one.
      expect(await ids('status=starting')).toEqual([queued.id]);
      expect(await ids('from=2026-04-02&to=2026-04-03&tool=text-to-image')).toEqual([made[2], made[1]]);
      expect(await ids('q=castle&status=succeeded&to=2026-04-03')).toEqual([text.id, made[2], made[1], made[0]]);

      // Paging by cursor keeps the filters: 5 succeeded castles of the image tool, 2 a page.
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const p: CreationsPage = await page(
          t,
          u.token,
          `q=cast&tool=text-to-image&status=succeeded&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(p.items.length).toBeLessThanOrEqual(2);
        seen.push(...p.items.map((c) => c.id));
        cursor = p.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...made].reverse());
    });

    it('CREATIONS-4: refuses a search or filter out of bounds with 400', async () => {
      const u = await t.user();
      for (const query of [
        `q=${'a'.repeat(201)}`,
        'tool=Not%20A%20Tool',
        'status=queued',
        'from=2026-13-01',
        'to=2026-02-30',
        'from=yesterday',
      ]) {
        const res = await t.request(`/api/creations?${query}`, { token: u.token });
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    });

    it('CREATIONS-4: the search is answered from the prompt index (EXPLAIN, after ANALYZE)', async () => {
      const u = await t.user();
      await seedManyRuns(t.runtime.deps.db, u.id, 3000);
      const explained = await t.runtime.deps.db.execute(
        sql`EXPLAIN SELECT id FROM predictions WHERE user_id = ${u.id} AND ${promptMatches(prefixQuery('zebra')!)}
            ORDER BY created_at DESC, id DESC LIMIT 13`,
      );
      const plan = (explained as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plan).toContain('predictions_prompt_search_idx');
      const found = await page(t, u.token, 'q=zebra&limit=50');
      expect(found.items).toHaveLength(3);
      expect(found.items.every((c) => c.prompt?.startsWith('zebra crossing'))).toBe(true);
    });

    it('CREATIONS-19: a common word is found among the newest runs, a rare one through the index; every page in order, none missed', async () => {
      const u = await t.user();
      // 'zebra crossing n' every 97th run (3 among the newest 300, too few for a page), 'a red fox in the snow n' the rest;
      // run n was made n seconds ago, so the newest first is n = 1, 2, 3 …
      const count = 1000;
      await seedManyRuns(t.runtime.deps.db, u.id, count, 97);
      const readAll = async (q: string) => {
        const ids: string[] = [];
        let cursor: string | null = null;
        do {
          const found: CreationsPage = await page(
            t,
            u.token,
            `q=${q}&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          ids.push(...found.items.map((c) => c.id));
          cursor = found.nextCursor;
        } while (cursor);
        return ids;
      };
      const numbers = Array.from({ length: count }, (_, i) => i + 1);
      expect(await readAll('fox')).toEqual(numbers.filter((n) => n % 97 !== 0).map((n) => `${u.id}-${n}`));
      expect(await readAll('zebra')).toEqual(numbers.filter((n) => n % 97 === 0).map((n) => `${u.id}-${n}`));
      expect(await readAll('quokka')).toEqual([]);
    });

    it("CREATIONS-5: one creation's detail: parameters, uploads (signed), seed, cost, times and link; 404 for another account", async () => {
      const u = await t.user();
      const other = await t.user();
      const upload = await seedRun(t, u.id, 'text-to-image', { prompt: 'the picture' });
      const run = await seedRun(t, u.id, 'image-to-image', {
        prompt: 'make it blue',
        input: { image: upload.output!, width: 768, height: 512, seed: 42, prompt_strength: 0.8 },
      });
      const res = await t.request(`/api/creations/${run.id}`, { token: u.token });
      expect(res.status).toBe(200);
      const detail = v.parse(CreationDetail, await res.json());
      expect(detail).toMatchObject({
        id: run.id,
        tool: 'image-to-image',
        prompt: 'make it blue',
        parameters: { prompt: 'make it blue', width: 768, height: 512, seed: 42, prompt_strength: 0.8 },
        seed: 42,
        durationMs: 2500,
        shared: null,
        status: 'succeeded',
      });
      expect(detail.cost).toBeGreaterThan(0);
      expect(detail.uploads).toEqual([{ field: 'image', url: expect.stringMatching(/^\/files\/.+\?exp=\d+&sig=/) }]);
      expect(detail.output).toMatch(/^\/files\/outputs\/.+\?exp=\d+&sig=/);
      expect((await t.request(detail.uploads![0]!.url)).status).toBe(200);

      expect((await t.request(`/api/creations/${run.id}`, { token: other.token })).status).toBe(404);
      await t.request(`/api/creations/${run.id}`, { token: u.token, method: 'DELETE' });
      expect((await t.request(`/api/creations/${run.id}`, { token: u.token })).status).toBe(404);
    });

    it('CREATIONS-6: a ZIP of several creations holds each output as {tool}-{date}-{id}.{ext}, text as .txt and code as .md', async () => {
      const u = await t.user();
      const other = await t.user();
      const image = await seedRun(t, u.id, 'text-to-image', { prompt: 'a fox', createdAt: day('2026-05-01') });
      const text = await seedRun(t, u.id, 'text-to-text', {
        prompt: 'a poem',
        text: 'Roses are red',
        createdAt: day('2026-05-02'),
      });
      const code = await seedRun(t, u.id, 'code-generation', {
        prompt: 'hello',
        text: 'print("hi")',
        createdAt: day('2026-05-03'),
      });
      const failed = await seedRun(t, u.id, 'text-to-image', { prompt: 'nothing', status: 'failed' });
      const res = await t.request('/api/creations/zip', {
        token: u.token,
        body: { ids: [image.id, text.id, code.id, failed.id] },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="atelier-creations-.+\.zip"$/);
      const entries = await unzip(Buffer.from(await res.arrayBuffer()));
      expect([...entries.keys()]).toEqual([
        `text-to-image-2026-05-01-${image.id}.png`,
        `text-to-text-2026-05-02-${text.id}.txt`,
        `code-generation-2026-05-03-${code.id}.md`,
      ]);
      expect(entries.get(`text-to-image-2026-05-01-${image.id}.png`)).toEqual(tinyPng);
      expect(entries.get(`text-to-text-2026-05-02-${text.id}.txt`)!.toString()).toBe('Roses are red');

      // Another account's creation, or an empty or oversized list: nothing is sent.
      expect((await t.request('/api/creations/zip', { token: other.token, body: { ids: [image.id] } })).status).toBe(
        404,
      );
      expect((await t.request('/api/creations/zip', { token: u.token, body: { ids: [] } })).status).toBe(400);
      const tooMany = Array.from({ length: 101 }, (_, i) => `id-${i}`);
      expect((await t.request('/api/creations/zip', { token: u.token, body: { ids: tooMany } })).status).toBe(400);
    });

    it('CREATIONS-7: deletes several creations at once, all or none; their files then answer 404', async () => {
      const u = await t.user();
      const other = await t.user();
      const a = await seedRun(t, u.id, 'text-to-image', { prompt: 'one' });
      const b = await seedRun(t, u.id, 'text-to-image', { prompt: 'two' });
      const kept = await seedRun(t, u.id, 'text-to-image', { prompt: 'three' });
      const running = await seedRun(t, u.id, 'text-to-image', { prompt: 'four', status: 'processing' });
      const theirs = await seedRun(t, other.id, 'text-to-image', { prompt: 'theirs' });

      // Someone else's run or one in progress refuses the whole set.
      const refused = await t.request('/api/creations/delete', { token: u.token, body: { ids: [a.id, theirs.id] } });
      expect(refused.status).toBe(404);
      expect(
        (await t.request('/api/creations/delete', { token: u.token, body: { ids: [a.id, running.id] } })).status,
      ).toBe(409);
      expect((await page(t, u.token, '')).items).toHaveLength(4);

      const detail = await json<{ output: string }>(await t.request(`/api/creations/${a.id}`, { token: u.token }));
      expect((await t.request(detail.output)).status).toBe(200);
      const res = await t.request('/api/creations/delete', { token: u.token, body: { ids: [a.id, b.id] } });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ deleted: 2, message: '2 creations deleted' });
      expect((await page(t, u.token, '')).items.map((c) => c.id).sort()).toEqual([kept.id, running.id].sort());
      expect((await t.request(detail.output)).status).toBe(404);
      expect((await t.request(`/api/creations/${theirs.id}`, { token: other.token })).status).toBe(200);
    });
  });
}
