/**
 * The offline picture's label is a readable band below the picture, not text over it: a near-black strip
 * across the bottom whose words OCR reads back, with the picture (the prompt's scene) above it.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { BAND_COLOR, bandHeight, OFFLINE_LABEL, renderScene } from '../../../server/providers/media/image';
import { createWorkerPool } from '../../../server/workers/pool';

const pool = createWorkerPool({ maxThreads: 1 });
afterAll(() => pool.close());

const band = [0x14, 0x14, 0x14];

describe('the offline picture label', () => {
  it('is a band under the picture that reads "Offline preview model"', async () => {
    const [width, height] = [1024, 768];
    const png = await renderScene({ width, height, seed: new Uint8Array(32), prompt: 'a red fox', style: 'art' });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const strip = bandHeight(width, height);
    expect(BAND_COLOR).toBe('#141414');
    expect(strip).toBeGreaterThanOrEqual(32);
    // The band's corners and edges are its own colour; the row just above it is the picture's.
    for (const [x, y] of [
      [0, height - 1],
      [width - 1, height - 1],
      [0, height - strip],
      [width - 1, height - strip],
    ] as const) {
      expect(pixel(x, y)).toEqual(band);
    }
    expect(pixel(0, height - strip - 1)).not.toEqual(band);
    // Its words, cut out of the picture, read back.
    const cut = await sharp(png)
      .extract({ left: 0, top: height - strip, width, height: strip })
      .png()
      .toBuffer();
    const read = await pool.run('image.ocr', { image: new Uint8Array(cut) }, { signal: new AbortController().signal });
    expect(read).toContain(OFFLINE_LABEL);
    // And nothing of it is drawn over the picture: the top right corner, where it once was, is the scene.
    const corner = await sharp(png)
      .extract({ left: width - 320, top: 0, width: 320, height: 60 })
      .png()
      .toBuffer();
    const above = await pool.run(
      'image.ocr',
      { image: new Uint8Array(corner) },
      { signal: new AbortController().signal },
    );
    expect(above).not.toMatch(/offline|preview/i);
  }, 60_000);
});
