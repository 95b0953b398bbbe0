import { describe, expect, it } from 'vitest';
import { describeFlows, done, fail, scenario } from './harness';
import { compareModel, compareRefusedModel, imageAndSound, twoSounds } from './models/compare.models';
import { imageCreation, twoImages } from '../../src/flows/compare/compare.examples';
import { serverError } from './models/fixtures';
import { COMPARE_FAILED, COMPARE_MISSING, SLIDER_START } from '../../src/flows/compare/compare.machine';
import {
  compareChoice,
  DUPLICATES,
  idsOf,
  idsProblem,
  MIXED_KINDS,
  NOT_COMPARABLE,
  NOT_FINISHED,
  TOO_FEW_OR_MANY,
} from '../../src/flows/compare/compare-rules';
import { differingSettings, NOT_SET } from '../../src/flows/compare/compare.selectors';
import { creation } from '../../src/flows/creations/creations.examples';

describeFlows('compare (two creations)', compareModel);
// The refused address has no step after its first state: its one transition is walked by the coverage test.

type Ctx = { position: number; error: string | null; creations: unknown[] };
const ctx = (s: { context: unknown }) => s.context as Ctx;

describe('comparing creations', () => {
  it('COMPARE-1: the address names 2 to 4 different creations, or the page says why before reading anything', async () => {
    expect(idsOf('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(idsProblem(['a'])).toBe(TOO_FEW_OR_MANY);
    expect(idsProblem(['a', 'b', 'c', 'd', 'e'])).toBe(TOO_FEW_OR_MANY);
    expect(idsProblem(['a', 'b/../x'])).toBe(TOO_FEW_OR_MANY);
    expect(idsProblem(['a', 'a'])).toBe(DUPLICATES);
    expect(idsProblem(['a', 'b', 'c', 'd'])).toBeNull();
    const r = await scenario(compareRefusedModel, []);
    expect(r.snapshot.value).toBe('refused');
    expect(r.started).toEqual([]);
    expect(ctx(r.snapshot).error).toBe(TOO_FEW_OR_MANY);
  });

  it('COMPARE-1: each creation is read; a failure shows the server message or the fallback, and Try again reads again', async () => {
    const failed = await scenario(compareModel, [
      fail('loadCreations', serverError('Database unavailable', { status: 500 })),
    ]);
    expect(failed.started).toEqual([{ id: 'loadCreations', input: { ids: ['c1', 'c2'] } }]);
    expect(failed.snapshot.value).toBe('failed');
    expect(ctx(failed.snapshot).error).toBe('Database unavailable');
    const silent = await scenario(compareModel, [fail('loadCreations', {}), { type: 'compare.reload' }]);
    expect(silent.snapshot.value).toBe('loading');
    const again = await scenario(compareModel, [fail('loadCreations', {})]);
    expect(ctx(again.snapshot).error).toBe(COMPARE_FAILED);
  });

  it('COMPARE-8: a creation not found (404, also another account’s) shows nothing of any of them', async () => {
    const r = await scenario(compareModel, [fail('loadCreations', serverError('Creation not found', { status: 404 }))]);
    expect(r.snapshot.value).toBe('missing');
    expect(ctx(r.snapshot).error).toBe(COMPARE_MISSING);
    expect(ctx(r.snapshot).creations).toEqual([]);
  });

  it('COMPARE-2: kinds that differ, or a run without a result, are not compared', async () => {
    const mixed = await scenario(compareModel, [done('loadCreations', imageAndSound)]);
    expect(mixed.snapshot.value).toBe('mixed');
    expect(ctx(mixed.snapshot).error).toBe(MIXED_KINDS);
    const failedRun = imageCreation('c2', 'x', 1);
    const unfinished = await scenario(compareModel, [
      done('loadCreations', [twoImages[0], { ...failedRun, status: 'failed', output: null }]),
    ]);
    expect(ctx(unfinished.snapshot).error).toBe(NOT_FINISHED);
    const models = await scenario(compareModel, [
      done(
        'loadCreations',
        twoImages.map((c) => ({ ...c, outputKind: 'model3d' })),
      ),
    ]);
    expect(ctx(models.snapshot).error).toBe(NOT_COMPARABLE);
  });

  it('COMPARE-4: two images open under the slider, halfway; the divider moves and the view switches', async () => {
    const r = await scenario(compareModel, [done('loadCreations', twoImages)]);
    expect(r.snapshot.value).toEqual({ ready: 'slider' });
    expect(ctx(r.snapshot).position).toBe(SLIDER_START);
    const moved = await scenario(compareModel, [
      done('loadCreations', twoImages),
      { type: 'compare.slide', position: 130 },
    ]);
    expect(ctx(moved.snapshot).position).toBe(100);
    const switched = await scenario(compareModel, [
      done('loadCreations', twoImages),
      { type: 'compare.show', view: 'sideBySide' },
    ]);
    expect(switched.snapshot.value).toEqual({ ready: 'sideBySide' });
  });

  it('COMPARE-3: other kinds show side by side only: the slider is not offered', async () => {
    const r = await scenario(compareModel, [
      done('loadCreations', twoSounds),
      { type: 'compare.show', view: 'slider' },
    ]);
    expect(r.snapshot.value).toEqual({ ready: 'sideBySide' });
  });

  it('COMPARE-6: the settings that differ, a row each under their pages’ names, in order', () => {
    const rows = differingSettings(twoImages);
    expect(rows.map((r) => r.label)).toEqual(['Prompt', 'Seed']);
    expect(rows[0]!.values).toEqual(['a lighthouse at dusk', 'a fox in the snow']);
    expect(differingSettings([twoImages[0]!, twoImages[0]!])).toEqual([]);
    const wide = { ...twoImages[1]!, parameters: { prompt: 'a fox in the snow', width: 768, height: 512, seed: 42 } };
    expect(differingSettings([twoImages[0]!, wide]).map((r) => r.label)).toEqual(['Prompt', 'Size', 'Seed']);
    const other = { ...twoSounds[0]!, tool: 'audioldm', title: 'Sound Generation' };
    const rowsOf = differingSettings([twoSounds[0]!, other]);
    expect(rowsOf.map((r) => r.label)).toEqual(['Tool', 'Model']);
    const unseeded = {
      ...twoImages[1]!,
      seed: null,
      parameters: { prompt: 'a fox in the snow', width: 512, height: 512 },
    };
    expect(differingSettings([twoImages[0]!, unseeded]).find((r) => r.name === 'seed')?.values).toEqual([
      '11',
      NOT_SET,
    ]);
  });

  it('COMPARE-1: Select mode offers Compare for 2 to 4 finished creations of one kind, else says why', () => {
    const items = [
      creation('a'),
      creation('b'),
      creation('c', { outputKind: 'image' }),
      creation('d', { status: 'failed', output: null }),
    ];
    expect(compareChoice(items, ['a'])).toEqual({ ids: null, reason: TOO_FEW_OR_MANY });
    expect(compareChoice(items, ['b', 'a'])).toEqual({ ids: ['a', 'b'], reason: null });
    expect(compareChoice(items, ['a', 'c'])).toEqual({ ids: null, reason: MIXED_KINDS });
    expect(compareChoice(items, ['a', 'd'])).toEqual({ ids: null, reason: NOT_FINISHED });
  });
});
