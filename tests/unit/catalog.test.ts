import { describe, expect, it } from 'vitest';
import {
  creditCost,
  tools,
  toolByKey,
  plans,
  creditPacks,
  aspectRatios,
  advertisementAspectRatios,
  floorTo8,
  searchTools,
  planCharge,
  clipLengthOptions,
  acceptParam,
} from '../../src/catalog';

describe('credit cost formula', () => {
  it('CREDITS-1: prices every tool as round(modelCost × 33 / 0.0129)', () => {
    const expected: Record<string, number> = {
      'text-to-image': 8,
      'image-to-image': 102,
      'text-to-advertisement': 205,
      'person-to-person': 15,
      'restore-image': 10,
      'text-to-video': 20,
      'image-to-video': 26,
      'video-editing': 31,
      'text-to-text': 5,
      'code-generation': 8,
      'image-to-text': 5,
      '3d-gen': 18,
      musicgen: 13,
      audioldm: 8,
      bark: 10,
    };
    expect(tools).toHaveLength(15);
    for (const tool of tools) {
      expect(tool.cost, tool.key).toBe(expected[tool.key]);
      expect(tool.cost).toBe(creditCost(tool.modelCost));
    }
  });

  it('CREDITS-2: keeps the modelCost value of every tool', () => {
    expect(toolByKey('text-to-image').modelCost).toBe(0.003);
    expect(toolByKey('image-to-image').modelCost).toBe(0.04);
    expect(toolByKey('text-to-advertisement').modelCost).toBe(0.08);
    expect(toolByKey('bark').modelCost).toBe(0.004);
  });

  it('gives each tool a unique path, model id and an illustration', () => {
    expect(new Set(tools.map((t) => t.path)).size).toBe(15);
    expect(new Set(tools.map((t) => t.id)).size).toBe(15);
    for (const t of tools) expect(t.image).toMatch(/^\/tools\/.+\.svg$/);
  });
});

describe('plans and packs', () => {
  it('BILL-1, BILL-2, BILL-3: prices the plans', () => {
    expect(plans.map((p) => [p.id, p.priceAnnually, p.priceMonthly, p.credits])).toEqual([
      ['standard', 12, 15, 1000],
      ['pro', 28, 35, 2500],
      ['enterprise', 76, 90, 7000],
    ]);
    expect(planCharge(plans[0]!, 'annually')).toBe(144);
    expect(planCharge(plans[0]!, 'monthly')).toBe(15);
    for (const p of plans) {
      expect(p.costPerCreditMonthly).toBeCloseTo(p.priceMonthly / p.credits, 4);
      expect(p.costPerCreditAnnual).toBeCloseTo(p.priceAnnually / p.credits, 3);
    }
  });

  it('CREDITS-5: prices the packs', () => {
    expect(creditPacks.map((p) => [p.credits, p.price, p.pricePerCredit])).toEqual([
      [1000, 15, 0.015],
      [2500, 35, 0.014],
      [5000, 90, 0.0129],
    ]);
  });
});

describe('aspect ratios', () => {
  it('TOOL-36, TOOL-37: has both readings with six presets each', () => {
    expect(aspectRatios.map((a) => `${a.width}x${a.height}`)).toEqual([
      '1024x1024',
      '832x1216',
      '1216x832',
      '768x1344',
      '1344x768',
      '1024x768',
    ]);
    expect(advertisementAspectRatios.map((a) => `${a.width}x${a.height}`)).toEqual([
      '1024x1024',
      '832x1248',
      '1248x832',
      '768x1365',
      '1365x768',
      '1024x768',
    ]);
  });
  it('TOOL-12, TOOL-37: rounds sizes down to multiples of 8', () => {
    expect(floorTo8(1365)).toBe(1360);
    expect(floorTo8(1248)).toBe(1248);
    expect(floorTo8(7)).toBe(0);
  });
});

describe('tool search', () => {
  it('CATALOG-2: filters by title and description, case-insensitively', () => {
    expect(searchTools(tools, 'VIDEO').map((t) => t.key)).toContain('text-to-video');
    expect(searchTools(tools, 'sound effects').map((t) => t.key)).toEqual(['audioldm']);
    expect(searchTools(tools, 'zzzz')).toEqual([]);
    expect(searchTools(tools, '  ')).toHaveLength(15);
  });
});

describe('the lengths of a clip counted in frames', () => {
  const video = toolByKey('text-to-video');
  const clip = video.page.clip!;
  const lengths = (params: Record<string, number>) => clipLengthOptions(clip, video.params, params);

  it('TOOL-50: offers each whole second whose frames (seconds × fps) the frames range takes', () => {
    expect(lengths({ num_frames: 14, fps: 6 })).toEqual({
      options: [2, 3, 4, 5, 6, 7, 8].map((seconds) => ({ seconds, frames: seconds * 6 })),
      chosen: null,
    });
    expect(lengths({ num_frames: 24, fps: 12 })).toEqual({
      options: [1, 2, 3, 4].map((seconds) => ({ seconds, frames: seconds * 12 })),
      chosen: 2,
    });
    expect(lengths({ num_frames: 48, fps: 24 })).toEqual({
      options: [
        { seconds: 1, frames: 24 },
        { seconds: 2, frames: 48 },
      ],
      chosen: 2,
    });
  });

  it('TOOL-50: every length on offer is frames the form keeps as they are', () => {
    for (let fps = 1; fps <= 24; fps += 1) {
      for (const { seconds, frames } of lengths({ num_frames: 14, fps })!.options) {
        expect(frames).toBe(seconds * fps);
        expect(acceptParam(video.params, 'num_frames', frames)).toBe(frames);
      }
    }
  });

  it('TOOL-50: a clip in seconds, or no frame rate, offers none', () => {
    const image = toolByKey('image-to-video');
    expect(clipLengthOptions(image.page.clip!, image.params, { length: 4, fps: 24 })).toBeNull();
    expect(lengths({ num_frames: 14 })).toBeNull();
  });
});
