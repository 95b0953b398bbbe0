import { describe, expect, it } from 'vitest';
import { describeFlows, done, fail, scenario } from './harness';
import { creationShareModel, creationSharedModel } from './models/creations.models';
import { shareLink } from '../../src/flows/creations/creations.examples';
import { serverError } from './models/fixtures';
import { SHARE_FAILED, UNSHARE_FAILED } from '../../src/flows/creations/creation-share.machine';

describeFlows('creation share (not shared)', creationShareModel);
describeFlows('creation share (shared)', creationSharedModel);

type Ctx = { link: { url: string } | null; error: string | null; copied: boolean };
const ctx = (s: { context: unknown }) => s.context as Ctx;

describe("a creation's public link", () => {
  it('SHARE-4: Share asks the server for the link and shows it', async () => {
    const r = await scenario(creationShareModel, [{ type: 'share.create' }, done('shareCreation', shareLink)]);
    expect(r.started).toEqual([{ id: 'shareCreation', input: { id: 'c1' } }]);
    expect(r.snapshot.value).toBe('shared');
    expect(ctx(r.snapshot).link).toEqual(shareLink);
  });

  it("SHARE-4: a refused share shows the server's message, or the fallback, and Share again", async () => {
    const refused = await scenario(creationShareModel, [
      { type: 'share.create' },
      fail('shareCreation', serverError('Only a finished creation with a result can be shared')),
    ]);
    expect(refused.snapshot.value).toBe('private');
    expect(ctx(refused.snapshot).error).toBe('Only a finished creation with a result can be shared');
    const silent = await scenario(creationShareModel, [{ type: 'share.create' }, fail('shareCreation', {})]);
    expect(ctx(silent.snapshot).error).toBe(SHARE_FAILED);
    expect(silent.snapshot.can({ type: 'share.create' })).toBe(true);
  });

  it('SHARE-5: a shared creation opens on its link; Copy link hands the app its address', async () => {
    const r = await scenario(creationSharedModel, [{ type: 'share.copy' }]);
    expect(r.snapshot.value).toBe('shared');
    expect(r.effects).toEqual([{ name: 'copyLink', params: { url: shareLink.url } }]);
    expect(ctx(r.snapshot).copied).toBe(true);
  });

  it('SHARE-6: Stop sharing asks first; Cancel keeps the link, confirming revokes it', async () => {
    const kept = await scenario(creationSharedModel, [{ type: 'share.stop' }, { type: 'share.stop.cancel' }]);
    expect(kept.started).toEqual([]);
    expect(ctx(kept.snapshot).link).toEqual(shareLink);
    const revoked = await scenario(creationSharedModel, [
      { type: 'share.stop' },
      { type: 'share.stop.confirm' },
      done('unshareCreation', { message: 'Link revoked' }),
    ]);
    expect(revoked.started).toEqual([{ id: 'unshareCreation', input: { id: 'c1' } }]);
    expect(revoked.snapshot.value).toBe('private');
    expect(ctx(revoked.snapshot).link).toBeNull();
  });

  it('SHARE-6: a failed revoke keeps the link and says why', async () => {
    const r = await scenario(creationSharedModel, [
      { type: 'share.stop' },
      { type: 'share.stop.confirm' },
      fail('unshareCreation', {}),
    ]);
    expect(r.snapshot.value).toBe('shared');
    expect(ctx(r.snapshot).error).toBe(UNSHARE_FAILED);
    expect(ctx(r.snapshot).link).toEqual(shareLink);
  });
});
