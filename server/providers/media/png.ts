/** A minimal PNG encoder and decoder (8-bit RGB/RGBA, no interlace) over node:zlib. */
import { deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, crc = 0xffffffff): number {
  let c = crc;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export interface RasterImage {
  readonly width: number;
  readonly height: number;
  /** 3 (RGB) or 4 (RGBA) bytes per pixel, rows top to bottom. */
  readonly channels: 3 | 4;
  readonly pixels: Uint8Array;
}

export function encodePng(image: RasterImage): Uint8Array {
  const { width, height, channels, pixels } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError('PNG dimensions must be positive integers');
  }
  const stride = width * channels;
  if (pixels.length !== stride * height) throw new RangeError('Pixel buffer size mismatch');
  // Filter type 0 (none) on every row keeps the encoder simple; deflate does the work.
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 4 ? 6 : 2; // colour type: RGBA or RGB
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes 8-bit non-interlaced RGB, RGBA, grey or grey+alpha PNGs (all five filters) to RGB/RGBA.
 * Returns null for anything else (palette, 16-bit, interlaced, corrupt): callers fall back.
 */
export function decodePng(bytes: Uint8Array, maxPixels = 4096 * 4096): RasterImage | null {
  try {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (buf.length < 33 || !buf.subarray(0, 8).equals(SIGNATURE)) return null;
    let offset = 8;
    let width = 0;
    let height = 0;
    let colorType = -1;
    const idat: Buffer[] = [];
    while (offset + 12 <= buf.length) {
      const length = buf.readUInt32BE(offset);
      const type = buf.toString('latin1', offset + 4, offset + 8);
      const data = buf.subarray(offset + 8, offset + 8 + length);
      if (type === 'IHDR') {
        width = data.readUInt32BE(0);
        height = data.readUInt32BE(4);
        if (data[8] !== 8 || data[10] !== 0 || data[11] !== 0 || data[12] !== 0) return null;
        colorType = data[9] ?? -1;
      } else if (type === 'IDAT') idat.push(data);
      else if (type === 'IEND') break;
      offset += 12 + length;
    }
    const inChannels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6];
    if (!inChannels || width < 1 || height < 1 || width * height > maxPixels) return null;
    const raw = inflateSync(Buffer.concat(idat));
    const stride = width * inChannels;
    if (raw.length < (stride + 1) * height) return null;
    const out = new Uint8Array(stride * height);
    for (let y = 0; y < height; y++) {
      const filter = raw[y * (stride + 1)];
      const row = y * stride;
      for (let x = 0; x < stride; x++) {
        const value = raw[y * (stride + 1) + 1 + x] ?? 0;
        const a = x >= inChannels ? (out[row + x - inChannels] ?? 0) : 0;
        const b = y > 0 ? (out[row - stride + x] ?? 0) : 0;
        const c = x >= inChannels && y > 0 ? (out[row - stride + x - inChannels] ?? 0) : 0;
        const predictor =
          filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
        if (filter === undefined || filter > 4) return null;
        out[row + x] = (value + predictor) & 0xff;
      }
    }
    if (inChannels === 3 || inChannels === 4) {
      return { width, height, channels: inChannels, pixels: out };
    }
    // Grey (+alpha) widened to RGB(A).
    const channels = inChannels === 2 ? 4 : 3;
    const pixels = new Uint8Array(width * height * channels);
    for (let i = 0; i < width * height; i++) {
      const g = out[i * inChannels] ?? 0;
      pixels[i * channels] = g;
      pixels[i * channels + 1] = g;
      pixels[i * channels + 2] = g;
      if (channels === 4) pixels[i * 4 + 3] = out[i * 2 + 1] ?? 255;
    }
    return { width, height, channels, pixels };
  } catch {
    return null;
  }
}
