/**
 * GET /api/users/credits under concurrency: the balance reads that arrive together are answered by one
 * batched statement (services/users.ts), yet each caller gets its own account's balance, and a read that
 * comes after a change has committed shows the change.
 */
import { describe, expect, it } from 'vitest';
import { grantCredits } from '../../server/services/credits';
import { embedded, json, setupApp } from './helpers';

for (const backend of embedded) {
  describe(`credit balance reads (${backend})`, () => {
    const t = setupApp(backend);
    const credits = async (token: string) => {
      const response = await t.request('/api/users/credits', { token });
      return { status: response.status, body: await json(response) };
    };

    it('answers many accounts read at the same moment, each with its own balance', async () => {
      const accounts = await Promise.all(Array.from({ length: 12 }, (_, i) => t.user({ credits: (i + 1) * 10 })));
      // Three reads per account, all sent before any is answered.
      const reads = accounts.flatMap((account) => [account, account, account]);
      const answers = await Promise.all(reads.map((account) => credits(account.token)));
      answers.forEach((answer, i) => {
        expect(answer).toEqual({ status: 200, body: { credits: (Math.floor(i / 3) + 1) * 10 } });
      });
    });

    it('shows a grant that committed before the read was sent, even with an earlier read still in flight', async () => {
      const user = await t.user({ credits: 100 });
      const other = await t.user({ credits: 5 });
      const earlier = credits(user.token);
      const unrelated = credits(other.token);
      await grantCredits(t.runtime.deps.db, user.id, 250, 'pack', `test-grant-2:${user.id}`);
      const later = await credits(user.token);
      expect(later).toEqual({ status: 200, body: { credits: 350 } });
      expect([100, 350]).toContain((await earlier).body['credits']);
      expect(await unrelated).toEqual({ status: 200, body: { credits: 5 } });
    });

    it('refuses a read of a deleted account while reads of other accounts in the same moment succeed', async () => {
      const [gone, kept] = [await t.user({ credits: 40 }), await t.user({ credits: 60 })];
      expect((await t.request('/api/users/delete-account', { method: 'DELETE', token: gone.token })).status).toBe(200);
      const [refused, answered] = await Promise.all([credits(gone.token), credits(kept.token)]);
      expect(refused).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      expect(answered).toEqual({ status: 200, body: { credits: 60 } });
    });
  });
}
