/** Deterministic randomness for the offline media: everything derives from a 32-byte seed. */

/** mulberry32: small, fast and good enough for art. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator from four bytes of the seed at `offset` (0..28). */
export function rngAt(seed: Uint8Array, offset: number): () => number {
  const b = (i: number) => seed[(offset + i) % seed.length] ?? 0;
  return rng(b(0) | (b(1) << 8) | (b(2) << 16) | (b(3) << 24));
}

/** HSL (0..1 each) to 0..255 RGB. */
export function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h * 12) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export const cssColor = ([r, g, b]: readonly [number, number, number]) => `rgb(${r},${g},${b})`;

export const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
