/** The chart documents: the SVG of the viewer's layout, and a PNG of it rasterised with sharp (as flows:export does). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { machines } from '../../src/flows';
import { exportMachine } from '../../tools/flows/documents';

describe('flows chart documents', () => {
  it('writes the SVG, and a PNG through the rasteriser given', async () => {
    const machine = machines['resetPassword']!;
    const svg = await exportMachine(machine, 'svg');
    expect(svg).toMatchObject({ filename: 'resetPassword.svg', mime: 'image/svg+xml' });
    expect(svg.content as string).toMatch(/^<svg[^>]*>/);
    const png = await exportMachine(machine, 'png', {
      rasterize: async (s) => new Uint8Array(await sharp(Buffer.from(s)).png().toBuffer()),
    });
    expect(png).toMatchObject({ filename: 'resetPassword.png', mime: 'image/png' });
    const meta = await sharp(png.content as Uint8Array).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(200);
    await expect(exportMachine(machine, 'png')).rejects.toThrow(/rasteriser/);
  });
});
