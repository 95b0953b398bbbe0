/**
 * Stars and collections (COLLECT-1 to COLLECT-8) on both databases: all-or-none lists, another account's items
 * answered 404 with nothing changed, names unique per account whatever the case, a deleted collection keeps its
 * creations, My creations' filters, and a start that names a collection.
 */
import { describe, expect, it } from 'vitest';
import { backends, balance, fakeProvider, json, setupApp } from './helpers';
import { toolByKey } from '../../src/catalog';

type Creation = { id: string; status: string; starred?: boolean; collectionIds?: string[] };
type Page = { items: Creation[]; nextCursor: string | null };
type Collection = { id: string; name: string; count: number };

const textTool = toolByKey('text-to-text');

for (const backend of backends) {
  describe(`stars and collections (${backend})`, () => {
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
    const run = async (token: string, prompt: string, extra: Record<string, unknown> = {}) => {
      const res = await t.request('/api/generate', {
        token,
        body: { modelId: textTool.id, input: { prompt }, ...extra },
      });
      expect(res.status).toBe(201);
      return finished(token, (await json<{ id: string }>(res)).id);
    };
    const list = async (token: string, query = '') =>
      (await json<Page>(await t.request(`/api/creations${query}`, { token }))).items;
    const collect = async (token: string, name: string) => {
      const res = await t.request('/api/collections', { token, body: { name } });
      expect(res.status).toBe(201);
      return json<Collection>(res);
    };

    it('COLLECT-1, COLLECT-7: stars all or none, and My creations filters by starred', async () => {
      const u = await t.user({ credits: 1000 });
      const [a, b, c] = [await run(u.token, 'one'), await run(u.token, 'two'), await run(u.token, 'three')];
      const other = await t.user({ credits: 1000 });
      const theirs = await run(other.token, 'theirs');

      const refused = await t.request('/api/creations/star', { token: u.token, body: { ids: [a.id, theirs.id] } });
      expect(refused.status).toBe(404);
      expect((await list(u.token, '?starred=1')).length).toBe(0);

      const ok = await t.request('/api/creations/star', { token: u.token, body: { ids: [b.id, b.id] } });
      expect(await json(ok)).toEqual({ changed: 1, message: '1 creation starred' });
      expect((await list(u.token, '?starred=1')).map((x) => x.id)).toEqual([b.id]);
      const all = await list(u.token);
      expect(all.map((x) => [x.id, x.starred])).toEqual([
        [c.id, false],
        [b.id, true],
        [a.id, false],
      ]);
      expect((await json<Creation>(await t.request(`/api/creations/${b.id}`, { token: u.token }))).starred).toBe(true);

      expect((await t.request('/api/creations/unstar', { token: u.token, body: { ids: [b.id] } })).status).toBe(200);
      expect((await list(u.token, '?starred=1')).length).toBe(0);
      expect((await t.request('/api/creations?starred=yes', { token: u.token })).status).toBe(400);
    });

    it('COLLECT-3: names are 1 to 60 characters, unique per account whatever the case; rename and list', async () => {
      const u = await t.user();
      const keep = await collect(u.token, '  Keep ');
      expect(keep).toMatchObject({ name: 'Keep', count: 0 });
      const twice = await t.request('/api/collections', { token: u.token, body: { name: 'keep' } });
      expect(twice.status).toBe(409);
      expect((await json<{ message: string }>(twice)).message).toBe('You already have a collection with this name.');
      expect((await t.request('/api/collections', { token: u.token, body: { name: ' ' } })).status).toBe(400);
      expect((await t.request('/api/collections', { token: u.token, body: { name: 'x'.repeat(61) } })).status).toBe(
        400,
      );
      // Another account may use the same name.
      const other = await t.user();
      await collect(other.token, 'Keep');
      const best = await collect(u.token, 'best');
      expect((await t.request(`/api/collections/${best.id}`, { token: u.token, body: { name: 'KEEP' } })).status).toBe(
        409,
      );
      const renamed = await t.request(`/api/collections/${best.id}`, { token: u.token, body: { name: 'Best of all' } });
      expect(await json(renamed)).toMatchObject({ id: best.id, name: 'Best of all' });
      const mine = await json<{ items: Collection[] }>(await t.request('/api/collections', { token: u.token }));
      expect(mine.items.map((x) => x.name)).toEqual(['Best of all', 'Keep']);
    });

    it('COLLECT-4, COLLECT-5, COLLECT-7: adds all or none, filters by collection, and a deletion keeps the creations', async () => {
      const u = await t.user({ credits: 1000 });
      const [a, b, c] = [await run(u.token, 'one'), await run(u.token, 'two'), await run(u.token, 'three')];
      const keep = await collect(u.token, 'Keep');
      const other = await t.user({ credits: 1000 });
      const theirs = await run(other.token, 'theirs');

      const mixed = await t.request(`/api/collections/${keep.id}/items`, {
        token: u.token,
        body: { ids: [a.id, theirs.id] },
      });
      expect(mixed.status).toBe(404);
      expect(await list(u.token, `?collection=${keep.id}`)).toEqual([]);

      const added = await t.request(`/api/collections/${keep.id}/items`, {
        token: u.token,
        body: { ids: [a.id, b.id] },
      });
      expect(await json(added)).toEqual({ changed: 2, message: '2 creations added to Keep' });
      // Again: each stays once.
      await t.request(`/api/collections/${keep.id}/items`, { token: u.token, body: { ids: [a.id] } });
      expect((await list(u.token, `?collection=${keep.id}`)).map((x) => x.id)).toEqual([b.id, a.id]);
      expect((await list(u.token)).find((x) => x.id === c.id)?.collectionIds).toEqual([]);
      expect((await list(u.token)).find((x) => x.id === a.id)?.collectionIds).toEqual([keep.id]);
      const listed = await json<{ items: Collection[] }>(await t.request('/api/collections', { token: u.token }));
      expect(listed.items).toMatchObject([{ name: 'Keep', count: 2 }]);

      const removed = await t.request(`/api/collections/${keep.id}/items/remove`, {
        token: u.token,
        body: { ids: [b.id] },
      });
      expect((await json<{ changed: number }>(removed)).changed).toBe(1);
      expect((await list(u.token, `?collection=${keep.id}`)).map((x) => x.id)).toEqual([a.id]);

      const deleted = await t.request(`/api/collections/${keep.id}`, { token: u.token, method: 'DELETE' });
      expect(await json(deleted)).toEqual({ message: 'Collection deleted' });
      expect((await list(u.token)).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
      expect((await t.request(`/api/creations?collection=${keep.id}`, { token: u.token })).status).toBe(404);
    });

    it('COLLECT-8: another account cannot star, collect or read these creations (404, nothing changed)', async () => {
      const u = await t.user({ credits: 1000 });
      const mine = await run(u.token, 'mine');
      const keep = await collect(u.token, 'Keep');
      await t.request(`/api/collections/${keep.id}/items`, { token: u.token, body: { ids: [mine.id] } });
      const other = await t.user({ credits: 1000 });
      const theirs = await collect(other.token, 'Theirs');
      const o = other.token;

      expect((await t.request('/api/creations/star', { token: o, body: { ids: [mine.id] } })).status).toBe(404);
      expect((await t.request('/api/creations/unstar', { token: o, body: { ids: [mine.id] } })).status).toBe(404);
      expect(
        (await t.request(`/api/collections/${theirs.id}/items`, { token: o, body: { ids: [mine.id] } })).status,
      ).toBe(404);
      expect(
        (await t.request(`/api/collections/${keep.id}/items`, { token: o, body: { ids: [mine.id] } })).status,
      ).toBe(404);
      expect(
        (await t.request(`/api/collections/${keep.id}/items/remove`, { token: o, body: { ids: [mine.id] } })).status,
      ).toBe(404);
      expect((await t.request(`/api/collections/${keep.id}`, { token: o, body: { name: 'Mine now' } })).status).toBe(
        404,
      );
      expect((await t.request(`/api/collections/${keep.id}`, { token: o, method: 'DELETE' })).status).toBe(404);
      expect((await t.request(`/api/creations?collection=${keep.id}`, { token: o })).status).toBe(404);
      const before = await balance(t, other.id);
      const start = await t.request('/api/generate', {
        token: o,
        body: { modelId: textTool.id, input: { prompt: 'sneak' }, collectionId: keep.id },
      });
      expect(start.status).toBe(404);
      expect(await balance(t, other.id)).toBe(before);

      // Nothing changed for the owner.
      expect(await list(u.token, `?collection=${keep.id}`)).toMatchObject([{ id: mine.id, starred: false }]);
      const names = await json<{ items: Collection[] }>(await t.request('/api/collections', { token: u.token }));
      expect(names.items).toMatchObject([{ id: keep.id, name: 'Keep', count: 1 }]);
      expect(await list(o, `?collection=${theirs.id}`)).toEqual([]);
    });

    it('COLLECT-2: a run still in progress cannot be starred or collected', async () => {
      const u = await t.user({ credits: 1000 });
      behaviour = 'hang';
      const res = await t.request('/api/generate', {
        token: u.token,
        body: { modelId: textTool.id, input: { prompt: 'slow' } },
      });
      const { id } = await json<{ id: string }>(res);
      expect((await t.request('/api/creations/star', { token: u.token, body: { ids: [id] } })).status).toBe(404);
      const keep = await collect(u.token, 'Keep');
      expect(
        (await t.request(`/api/collections/${keep.id}/items`, { token: u.token, body: { ids: [id] } })).status,
      ).toBe(404);
      await t.request(`/api/runs/${id}/cancel`, { token: u.token, body: {} });
      behaviour = 'succeed';
    });

    it('COLLECT-6: a start naming a collection of the caller lands there', async () => {
      const u = await t.user({ credits: 1000 });
      const keep = await collect(u.token, 'Keep');
      const made = await run(u.token, 'kept', { collectionId: keep.id });
      expect(made.collectionIds).toEqual([keep.id]);
      expect((await list(u.token, `?collection=${keep.id}`)).map((x) => x.id)).toEqual([made.id]);
      const unknown = await t.request('/api/generate', {
        token: u.token,
        body: { modelId: textTool.id, input: { prompt: 'x' }, collectionId: 'no-such-collection' },
      });
      expect(unknown.status).toBe(404);
      expect((await json<{ message: string }>(unknown)).message).toBe('Collection not found');
    });
  });
}
