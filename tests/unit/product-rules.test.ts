/** Product rules held by data and small helpers rather than by a flow (docs/requirements.md). */
import { describe, expect, it } from 'vitest';
import { plans, tools } from '../../src/catalog';
import { privacy, terms } from '../../src/features/legal/documents';
import { faqs } from '../../src/features/support/faq';
import { JPEG_QUALITY, MAX_SIDE, COMPRESS_FAILED, LOAD_FAILED, READ_FAILED } from '../../src/features/tools/image-prep';
import { DOWNLOAD_FAILED, SHARE_FAILED, timestampedName } from '../../src/app/save-image';

describe('product rules held by data', () => {
  it('NAV-9: the terms and the privacy page have six sections each', () => {
    expect(terms.sections).toHaveLength(6);
    expect(privacy.sections).toHaveLength(6);
  });

  it('SUPPORT-1, SUPPORT-2: six questions; credits expire each cycle; card or digital wallet', () => {
    expect(faqs).toHaveLength(6);
    const answers = faqs.map((f) => f.answer).join('\n');
    expect(answers).toContain('Credits expire at the end of each billing cycle and do not carry over.');
    expect(answers).toMatch(/card and with a digital wallet/);
  });

  it('BILL-6: support grows with the tier', () => {
    expect(plans.map((p) => p.features.find((f) => f.endsWith('Support')))).toEqual([
      'Support',
      'Priority Support',
      'Premium Support',
    ]);
  });

  it('CATALOG-5: fifteen tools, each at its own path', () => {
    expect(tools).toHaveLength(15);
    expect(new Set(tools.map((t) => t.path)).size).toBe(15);
  });

  it('TOOL-16: person-to-person pictures at most 800 px on their longest side, JPEG at 0.7', () => {
    expect(MAX_SIDE).toBe(800);
    expect(JPEG_QUALITY).toBe(0.7);
  });

  it('TOOL-24: a saved picture is a PNG with a timestamped name', () => {
    expect(timestampedName('generated-ad', 1700000000000)).toBe('generated-ad-1700000000000.png');
  });

  it('TOOL-32: the picture handling failures say what went wrong, word for word', () => {
    expect([DOWNLOAD_FAILED, SHARE_FAILED, COMPRESS_FAILED, LOAD_FAILED, READ_FAILED]).toEqual([
      'Failed to download image',
      'Failed to share image. Please try again.',
      'Failed to compress image',
      'Failed to load image',
      'Failed to read file',
    ]);
  });
});
