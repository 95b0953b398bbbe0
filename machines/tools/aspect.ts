/**
 * Aspect-ratio presets with the sizes a tool sends: spec §9 gives two readings (general tools
 * and the advertisement page), and every size is rounded down to a multiple of 8 (§5).
 */
import { advertisementAspectRatios, aspectRatios, floorTo8 } from '../../src/catalog/aspect-ratios';
import type { AspectReading } from './tool-run.types';

export interface AspectPreset {
  name: string;
  ratio: string;
  /** Already a multiple of 8. */
  width: number;
  height: number;
}

/** The presets of one reading, sizes rounded down to multiples of 8 (1365 → 1360). */
export function aspectPresets(reading: AspectReading): AspectPreset[] {
  const source = reading === 'advertisement' ? advertisementAspectRatios : aspectRatios;
  return source.map((p) => ({ name: p.name, ratio: p.ratio, width: floorTo8(p.width), height: floorTo8(p.height) }));
}

/** The preset a page starts with and returns to on 'Generate Another': the first (Square). */
export function defaultAspect(reading: AspectReading): AspectPreset {
  const first = aspectPresets(reading)[0];
  if (!first) throw new Error('No aspect-ratio presets');
  return first;
}

/** The preset of that name in a reading, or undefined for an unknown name. */
export function aspectPreset(reading: AspectReading, name: string): AspectPreset | undefined {
  return aspectPresets(reading).find((p) => p.name === name);
}

/** Free width and height fields (image-to-image): both rounded down to a multiple of 8, at least 8. */
export function roundSize(width: number, height: number): { width: number; height: number } {
  return { width: Math.max(8, floorTo8(width)), height: Math.max(8, floorTo8(height)) };
}
