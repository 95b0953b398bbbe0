import { describe, expect, it } from 'vitest';
import { describeFlows, done, fail, scenario } from './harness';
import { refineModel, refineSelectionModel, refusedForCredits } from './models/refine.models';
import { serverError } from './models/fixtures';
import { REFINE_FAILED, type RefineContext } from '../../src/flows/refine/refine.machine';

describeFlows('refine (one image)', refineModel);
describeFlows('refine (a selection)', refineSelectionModel);

const ctx = (s: { context: unknown }) => s.context as RefineContext;

describe('Upscale 2× and Vary', () => {
  it('REFINE-1: Upscale 2× starts one run of the source and says it started', async () => {
    const r = await scenario(refineModel, [
      { type: 'refine.upscale' },
      done('startRefine', { started: ['r1'], error: null }),
    ]);
    expect(r.started).toEqual([{ id: 'startRefine', input: { ids: ['c1'], kind: 'upscale', strength: null } }]);
    expect(r.snapshot.value).toBe('ready');
    expect(ctx(r.snapshot)).toMatchObject({ started: ['r1'], kind: 'upscale', error: null });
  });

  it('REFINE-3: Vary asks Subtle or Strong first; Cancel starts nothing; Strong starts with its strength', async () => {
    const cancelled = await scenario(refineModel, [{ type: 'refine.vary.open' }, { type: 'refine.vary.cancel' }]);
    expect(cancelled.started).toEqual([]);
    expect(cancelled.snapshot.value).toBe('ready');
    const strong = await scenario(refineModel, [
      { type: 'refine.vary.open' },
      { type: 'refine.vary', strength: 'strong' },
    ]);
    expect(strong.started).toEqual([{ id: 'startRefine', input: { ids: ['c1'], kind: 'vary', strength: 'strong' } }]);
  });

  it("REFINE-2: a refused start shows the server's message (or the fallback) and the buttons again", async () => {
    const refused = await scenario(refineModel, [
      { type: 'refine.upscale' },
      fail('startRefine', serverError(refusedForCredits, { status: 402 })),
    ]);
    expect(refused.snapshot.value).toBe('ready');
    expect(ctx(refused.snapshot).error).toBe(refusedForCredits);
    expect(ctx(refused.snapshot).started).toBeNull();
    const silent = await scenario(refineModel, [{ type: 'refine.upscale' }, fail('startRefine', {})]);
    expect(ctx(silent.snapshot).error).toBe(REFINE_FAILED);
  });

  it('REFINE-1, REFINE-7: Select mode starts one run per chosen image; nothing chosen, nothing starts', async () => {
    const none = await scenario(refineSelectionModel, [{ type: 'refine.upscale' }]);
    expect(none.started).toEqual([]);
    const two = await scenario(refineSelectionModel, [
      { type: 'refine.sources', ids: ['c1', 'c2'] },
      { type: 'refine.vary.open' },
      { type: 'refine.vary', strength: 'subtle' },
    ]);
    expect(two.started).toEqual([
      { id: 'startRefine', input: { ids: ['c1', 'c2'], kind: 'vary', strength: 'subtle' } },
    ]);
  });
});
