/**
 * The one size rule of a generation (TOOL-12, TOOL-37): a width or height is rounded down to a
 * multiple of 8, then kept within 64–2048. The form and the server both call `sizeRule`.
 */
export const SIZE_STEP = 8;
export const MIN_SIZE = 64;
export const MAX_SIZE = 2048;
/** The size a page with free size fields starts with. */
export const DEFAULT_SIZE = 1024;

/** Rounded down to a multiple of 8 (the presets' rounding: 1365 becomes 1360). */
export function floorTo8(n: number): number {
  return Math.floor(n / SIZE_STEP) * SIZE_STEP;
}

/** A width or height as it is sent and run: a multiple of 8 within 64–2048. */
export function sizeRule(n: number): number {
  return Math.min(MAX_SIZE, Math.max(MIN_SIZE, floorTo8(n)));
}
