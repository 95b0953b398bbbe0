/** Uploads no run uses are deleted after UNUSED_UPLOAD_MAX_AGE_MS, once across instances. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { toolByKey } from '../../src/catalog';
import { createRuntime } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { files } from '../../server/db/schema';
import { sweepUnusedUploads, type FileStore } from '../../server/services/storage';
import { backends, json, pngDataUrl, setupApp } from './helpers';

const DAY = 24 * 3600_000;
const imageTool = toolByKey('image-to-image');

for (const backend of backends) {
  describe(`sweep of unused uploads (${backend})`, () => {
    const t = setupApp(backend);

    const upload = async (token: string) => {
      const res = await t.request('/api/upload', { token, body: { image: pngDataUrl } });
      expect(res.status).toBe(201);
      return (await json<{ url: string }>(res)).url;
    };
    /** The store's key of an address (signed or not). */
    const keyOf = (url: string) => url.replace(/^\/files\//, '').replace(/\?.*$/, '');
    const onDisk = (url: string) => fs.existsSync(path.join(t.config.dataDir, keyOf(url)));
    const rowOf = async (url: string) =>
      (
        await t.runtime.deps.db
          .select()
          .from(files)
          .where(eq(files.path, keyOf(url)))
      ).length;
    /** A run that names the upload in its input (an absolute URL, as a client may send). */
    const runWith = async (token: string, url: string) => {
      const res = await t.request('/api/generate', {
        token,
        body: { modelId: imageTool.id, input: { prompt: 'keep', image: `http://localhost:3000${url}` } },
      });
      expect(res.status).toBe(201);
      const { id } = await json<{ id: string }>(res);
      for (;;) {
        const c = await json<{ status: string }>(await t.request(`/api/creations/${id}`, { token }));
        if (c.status !== 'processing' && c.status !== 'starting') return c;
        await new Promise((r) => setTimeout(r, 5));
      }
    };

    it('deletes old uploads no run uses (row and file); keeps young ones and those a run uses', async () => {
      const u = await t.user({ credits: 1000 });
      const unused = await upload(u.token);
      const used = await upload(u.token);
      expect((await runWith(u.token, used)).status).toBe('succeeded');

      // Younger than the limit: nothing goes.
      expect(await sweepUnusedUploads(t.runtime.deps.db, t.runtime.deps.files, t.now, DAY)).toBe(0);
      expect(onDisk(unused)).toBe(true);

      const later = new Date(t.now.getTime() + DAY + 60_000);
      expect(await sweepUnusedUploads(t.runtime.deps.db, t.runtime.deps.files, later, DAY)).toBe(1);
      expect(onDisk(unused)).toBe(false);
      expect(await rowOf(unused)).toBe(0);
      expect((await t.request(unused)).status).toBe(404);
      expect(onDisk(used)).toBe(true);
      expect((await t.request(used)).status).toBe(200);
      // Outputs are never swept: they are what the user made.
      expect(await sweepUnusedUploads(t.runtime.deps.db, t.runtime.deps.files, later, DAY)).toBe(0);
    });

    it('a run of another user naming the upload does not keep it', async () => {
      const owner = await t.user({ credits: 10 });
      const other = await t.user({ credits: 1000 });
      const url = await upload(owner.token);
      // The other user cannot use it (not theirs): the run is refused, and the upload stays unused.
      const refused = await t.request('/api/generate', {
        token: other.token,
        body: { modelId: imageTool.id, input: { prompt: 'x', image: url } },
      });
      expect(refused.status).toBe(400);
      const later = new Date(t.now.getTime() + DAY + 60_000);
      expect(await sweepUnusedUploads(t.runtime.deps.db, t.runtime.deps.files, later, DAY)).toBe(1);
      expect(onDisk(url)).toBe(false);
    });

    it('two instances sweeping at once remove each unused upload exactly once and keep the used one', async () => {
      const u = await t.user({ credits: 1000 });
      const unused: string[] = [];
      for (let i = 0; i < 12; i++) unused.push(await upload(u.token));
      const used = await upload(u.token);
      expect((await runWith(u.token, used)).status).toBe('succeeded');

      const second = await createRuntime(t.config, {
        database: t.runtime.database,
        now: () => t.now,
        log: (line) => t.logs.push(line),
      });
      onTestFinished(() => second.close());
      const removals: string[] = [];
      const counting = (store: FileStore): FileStore => ({
        ...store,
        remove: (relPath) => {
          removals.push(relPath);
          return store.remove(relPath);
        },
      });
      const later = new Date(t.now.getTime() + DAY + 60_000);
      const counts = await Promise.all([
        sweepUnusedUploads(t.runtime.deps.db, counting(t.runtime.deps.files), later, DAY),
        sweepUnusedUploads(second.deps.db, counting(second.deps.files), later, DAY),
        sweepUnusedUploads(t.runtime.deps.db, counting(t.runtime.deps.files), later, DAY),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(unused.length);
      expect(removals.sort()).toEqual(unused.map(keyOf).sort());
      for (const url of unused) expect(onDisk(url)).toBe(false);
      expect(onDisk(used)).toBe(true);
      expect(await rowOf(used)).toBe(1);
    });

    it('UNUSED_UPLOAD_MAX_AGE_MS sets the age (24 h by default)', () => {
      expect(t.config.unusedUploadMaxAgeMs).toBe(DAY);
      expect(loadConfig({ UNUSED_UPLOAD_MAX_AGE_MS: '3600000' }).unusedUploadMaxAgeMs).toBe(3600_000);
    });
  });
}
