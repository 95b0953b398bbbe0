/**
 * Aspect-ratio presets with the sizes a tool sends: TOOL-36 and TOOL-37 give two readings (general tools
 * and the advertisement page), and every size follows the catalogue's size rule (TOOL-12, TOOL-37).
 */
import { advertisementAspectRatios, aspectRatios } from '../../catalog/aspect-ratios';
import { sizeRule } from '../../catalog/sizes';
import type { AspectReading } from './tool-run.types';

export interface AspectPreset {
  name: string;
  ratio: string;
  /** Already a multiple of 8 within 64–2048. */
  width: number;
  height: number;
}

/** The presets of one reading, sizes by the size rule (1365 → 1360). */
export function aspectPresets(reading: AspectReading): AspectPreset[] {
  const source = reading === 'advertisement' ? advertisementAspectRatios : aspectRatios;
  return source.map((p) => ({ name: p.name, ratio: p.ratio, width: sizeRule(p.width), height: sizeRule(p.height) }));
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

/** Free width and height fields (image-to-image): each by the size rule the server applies (64–2048, multiples of 8). */
export function roundSize(width: number, height: number): { width: number; height: number } {
  return { width: sizeRule(width), height: sizeRule(height) };
}
