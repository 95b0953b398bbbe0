/**
 * Comparing creations reads each with GET /api/creations/{id} (COMPARE-1, COMPARE-8): no call of its own. Another
 * account reads none of them (404, the server's message, nothing changed), and the owner's answers carry what the
 * compare page lists as the settings that differ (COMPARE-6).
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CreationDetail } from '../../src/api/schemas';
import { differingSettings } from '../../src/flows/compare/compare.selectors';
import { backends, setupApp } from './helpers';
import { seedRun } from './history-fixtures';

for (const backend of backends) {
  describe(`comparing creations (${backend})`, () => {
    const t = setupApp(backend);

    it("COMPARE-8: another account's ids answer 404 with a message, and the owner's creations stay as they were", async () => {
      const owner = await t.user();
      const other = await t.user();
      const runs = [
        await seedRun(t, owner.id, 'text-to-image', {
          prompt: 'a lighthouse at dusk',
          input: { prompt: 'a lighthouse at dusk', width: 512, height: 512, seed: 11 },
        }),
        await seedRun(t, owner.id, 'text-to-image', {
          prompt: 'a fox in the snow',
          input: { prompt: 'a fox in the snow', width: 512, height: 512, seed: 42 },
        }),
      ];
      for (const run of runs) {
        const res = await t.request(`/api/creations/${run.id}`, { token: other.token });
        expect(res.status).toBe(404);
        const body = (await res.json()) as { message?: unknown; stack?: unknown };
        expect(body.message).toEqual(expect.any(String));
        expect(body.stack).toBeUndefined();
      }

      // COMPARE-6: the owner's own answers: the prompts and seeds differ, the size is the same.
      const read = [];
      for (const run of runs) {
        const res = await t.request(`/api/creations/${run.id}`, { token: owner.token });
        expect(res.status).toBe(200);
        read.push(v.parse(CreationDetail, await res.json()));
      }
      expect(read.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
      expect(differingSettings(read).map((row) => [row.label, ...row.values])).toEqual([
        ['Prompt', 'a lighthouse at dusk', 'a fox in the snow'],
        ['Seed', '11', '42'],
      ]);
    });
  });
}
