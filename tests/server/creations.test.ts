import { describe, expect, it } from 'vitest';
import { balance, embedded, fakeProvider, json, pngDataUrl, setupApp } from './helpers';
import { toolByKey } from '../../src/catalog';

type Creation = {
  id: string;
  tool: string;
  title: string;
  category: string;
  prompt: string | null;
  input: Record<string, unknown>;
  status: string;
  cost: number;
  refunded: boolean;
  output: string | string[] | null;
  outputKind: string;
  createdAt: string;
};
type Page = { items: Creation[]; nextCursor: string | null };

const textTool = toolByKey('text-to-text');
const soundTool = toolByKey('audioldm');
const imageTool = toolByKey('image-to-image');

for (const backend of embedded) {
  describe(`my creations (${backend})`, () => {
    let behaviour: Parameters<typeof fakeProvider>[0] = 'succeed';
    const t = setupApp(backend, {
      providers: () => ({ local: { name: 'local', run: (job, signal) => fakeProvider(behaviour).run(job, signal) } }),
    });
    const finished = async (token: string, id: string) => {
      for (;;) {
        const c = await json<Creation>(await t.request(`/api/creations/${id}`, { token }));
        if (c.status !== 'processing' && c.status !== 'starting') return c;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const run = async (token: string, modelId: string, input: Record<string, unknown>, path = '/api/generate') => {
      const res = await t.request(path, { token, body: { modelId, input } });
      expect(res.status).toBe(201);
      const { id } = await json<{ id: string }>(res);
      return finished(token, id);
    };

    it('lists the runs newest first, a page at a time by cursor, with prompt, cost, status and refund', async () => {
      const u = await t.user({ credits: 1000 });
      const made: string[] = [];
      for (let i = 1; i <= 5; i++) made.push((await run(u.token, textTool.id, { prompt: `draft ${i}` })).id);
      behaviour = 'fail';
      const failed = await run(u.token, textTool.id, { prompt: 'this one fails' });
      behaviour = 'succeed';
      expect(failed).toMatchObject({ status: 'failed', refunded: true, prompt: 'this one fails' });

      const first = await json<Page>(await t.request('/api/creations?limit=4', { token: u.token }));
      expect(first.items.map((c) => c.id)).toEqual([failed.id, ...made.slice(2).reverse()]);
      expect(first.items[1]).toMatchObject({
        tool: 'text-to-text',
        title: textTool.title,
        category: 'Text',
        prompt: 'draft 5',
        status: 'succeeded',
        cost: textTool.cost,
        refunded: false,
        output: 'echo: draft 5',
        outputKind: 'text',
      });
      expect(first.items[1]!.input).toMatchObject({ prompt: 'draft 5', max_tokens: 1000 });
      expect(first.nextCursor).not.toBeNull();
      const second = await json<Page>(
        await t.request(`/api/creations?limit=4&cursor=${first.nextCursor}`, { token: u.token }),
      );
      expect(second.items.map((c) => c.id)).toEqual(made.slice(0, 2).reverse());
      expect(second.nextCursor).toBeNull();
      expect(await balance(t, u.id)).toBe(1000 - 5 * textTool.cost);
    });

    it('filters by category', async () => {
      const u = await t.user({ credits: 1000 });
      const text = await run(u.token, textTool.id, { prompt: 'a poem' });
      const sound = await run(u.token, soundTool.id, { prompt: 'rain', duration: 3 }, '/api/generate/sound');
      const audio = await json<Page>(await t.request('/api/creations?category=Audio', { token: u.token }));
      expect(audio.items.map((c) => c.id)).toEqual([sound.id]);
      expect(audio.items[0]).toMatchObject({ category: 'Audio', outputKind: 'audio', input: { duration: 3 } });
      const texts = await json<Page>(await t.request('/api/creations?category=Text', { token: u.token }));
      expect(texts.items.map((c) => c.id)).toEqual([text.id]);
      const bad = await t.request('/api/creations?category=Smell', { token: u.token });
      expect(bad.status).toBe(400);
      expect((await t.request('/api/creations?cursor=%21%21', { token: u.token })).status).toBe(400);
      expect((await t.request('/api/creations?limit=500', { token: u.token })).status).toBe(400);
    });

    it('answers one run to its owner only; others and visitors get 404 and 401', async () => {
      const owner = await t.user({ credits: 100 });
      const other = await t.user({ credits: 100 });
      const mine = await run(owner.token, textTool.id, { prompt: 'private' });
      expect((await t.request(`/api/creations/${mine.id}`, { token: owner.token })).status).toBe(200);
      const theirs = await t.request(`/api/creations/${mine.id}`, { token: other.token });
      expect(theirs.status).toBe(404);
      expect(await json(theirs)).toEqual({ message: 'Creation not found' });
      expect((await t.request(`/api/creations/${mine.id}`, { token: other.token, method: 'DELETE' })).status).toBe(404);
      expect((await t.request(`/api/creations/${mine.id}`)).status).toBe(401);
      expect((await json<Page>(await t.request('/api/creations', { token: other.token }))).items).toEqual([]);
    });

    it('delete removes the run, its output file and its upload: their URLs then answer 404', async () => {
      const u = await t.user({ credits: 1000 });
      const done = await run(u.token, imageTool.id, { prompt: 'blue', image: pngDataUrl }, '/api/generate');
      const output = done.output as string;
      const upload = done.input['image'] as string;
      expect(upload).toMatch(/^\/files\/uploads\//);
      expect((await t.request(output)).status).toBe(200);
      expect((await t.request(upload)).status).toBe(200);

      const res = await t.request(`/api/creations/${done.id}`, { token: u.token, method: 'DELETE' });
      expect(res.status).toBe(200);
      expect((await t.request(output)).status).toBe(404);
      expect((await t.request(upload)).status).toBe(404);
      expect((await t.request(`/api/creations/${done.id}`, { token: u.token })).status).toBe(404);
      expect((await t.request(`/api/prediction/${done.id}`, { token: u.token })).status).toBe(404);
      expect((await json<Page>(await t.request('/api/creations', { token: u.token }))).items).toEqual([]);
    });

    it("CREATIONS-18: one run names the runs beside it in My creations' order, the newer previous, the older next", async () => {
      const u = await t.user({ credits: 1000 });
      const other = await t.user({ credits: 1000 });
      const made: string[] = [];
      for (let i = 1; i <= 3; i++) made.push((await run(u.token, textTool.id, { prompt: `draft ${i}` })).id);
      await run(other.token, textTool.id, { prompt: 'not theirs' });
      const [oldest, middle, newest] = made as [string, string, string];
      const beside = async (id: string) => {
        const c = await json<{ previous: string | null; next: string | null }>(
          await t.request(`/api/creations/${id}`, { token: u.token }),
        );
        return { previous: c.previous, next: c.next };
      };
      expect(await beside(newest)).toEqual({ previous: null, next: middle });
      expect(await beside(middle)).toEqual({ previous: newest, next: oldest });
      expect(await beside(oldest)).toEqual({ previous: middle, next: null });
    });

    it('refuses to delete a run that is still being made', async () => {
      behaviour = 'hang';
      const u = await t.user({ credits: 100 });
      const res = await t.request('/api/generate', {
        token: u.token,
        body: { modelId: textTool.id, input: { prompt: 'x' } },
      });
      const { id } = await json<{ id: string }>(res);
      const refused = await t.request(`/api/creations/${id}`, { token: u.token, method: 'DELETE' });
      expect(refused.status).toBe(409);
      behaviour = 'succeed';
    });

    it('is in the OpenAPI document', async () => {
      const doc = await json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>(
        await t.request('/api/openapi.json'),
      );
      expect(Object.keys(doc.paths['/api/creations']!)).toEqual(['get']);
      expect(doc.paths['/api/creations']!['get']!.parameters!.map((p) => p.name)).toEqual([
        'cursor',
        'category',
        'q',
        'tool',
        'status',
        'from',
        'to',
        'starred',
        'collection',
        'limit',
      ]);
      expect(Object.keys(doc.paths['/api/creations/{id}']!).sort()).toEqual(['delete', 'get']);
      expect(Object.keys(doc.paths['/api/creations/{id}/share']!).sort()).toEqual(['delete', 'post']);
      expect(Object.keys(doc.paths['/api/creations/zip']!)).toEqual(['post']);
      expect(Object.keys(doc.paths['/api/creations/delete']!)).toEqual(['post']);
    });
  });
}
