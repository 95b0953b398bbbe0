/**
 * H.264 MP4 from RGBA frames with h264-mp4-encoder (x264 + MP4 muxer compiled to WebAssembly,
 * no native binary): Chromium, Firefox and Safari play it in a <video> tag.
 */
import { createRequire } from 'node:module';

interface Encoder {
  width: number;
  height: number;
  frameRate: number;
  speed: number;
  quantizationParameter: number;
  groupOfPictures: number;
  outputFilename: string;
  initialize(): void;
  addFrameRgba(buffer: Uint8Array): void;
  finalize(): void;
  delete(): void;
  FS: { readFile(path: string): Uint8Array; unlink(path: string): void };
}

const require = createRequire(import.meta.url);
let counter = 0;

export interface VideoSpec {
  /** Even numbers (H.264 4:2:0). */
  readonly width: number;
  readonly height: number;
  readonly frameRate: number;
  readonly frameCount: number;
  /** Fills `rgba` (width*height*4) for frame `index`. */
  readonly drawFrame: (index: number, rgba: Uint8Array) => void;
  readonly signal?: AbortSignal;
}

export async function encodeMp4(spec: VideoSpec): Promise<Uint8Array> {
  const { createH264MP4Encoder } = require('h264-mp4-encoder') as {
    createH264MP4Encoder: () => Promise<Encoder>;
  };
  if (spec.width % 2 || spec.height % 2) throw new RangeError('Video dimensions must be even');
  const encoder = await createH264MP4Encoder();
  // The encoders share one in-memory file system: give each run its own file name.
  encoder.outputFilename = `atelier-${process.pid}-${++counter}.mp4`;
  try {
    encoder.width = spec.width;
    encoder.height = spec.height;
    encoder.frameRate = spec.frameRate;
    encoder.speed = 10;
    encoder.quantizationParameter = 28;
    encoder.groupOfPictures = spec.frameRate;
    encoder.initialize();
    const rgba = new Uint8Array(spec.width * spec.height * 4);
    for (let i = 0; i < spec.frameCount; i++) {
      spec.signal?.throwIfAborted();
      spec.drawFrame(i, rgba);
      encoder.addFrameRgba(rgba);
    }
    encoder.finalize();
    const bytes = Uint8Array.from(encoder.FS.readFile(encoder.outputFilename));
    encoder.FS.unlink(encoder.outputFilename);
    return zeroTimestamps(bytes);
  } finally {
    encoder.delete();
  }
}

/**
 * The muxer stamps the wall-clock time into mvhd, tkhd and mdhd; zeroing it (the 1904 epoch,
 * as many tools write) makes the same frames give the same bytes.
 */
function zeroTimestamps(bytes: Uint8Array): Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const walk = (start: number, end: number): void => {
    let offset = start;
    while (offset + 8 <= end) {
      const size = buf.readUInt32BE(offset);
      const type = buf.toString('latin1', offset + 4, offset + 8);
      if (size < 8 || offset + size > end) return;
      if (type === 'moov' || type === 'trak' || type === 'mdia') walk(offset + 8, offset + size);
      if (type === 'mvhd' || type === 'tkhd' || type === 'mdhd') {
        // Version 0 keeps 32-bit times after version/flags; version 1 keeps 64-bit ones.
        const width = buf[offset + 8] === 1 ? 8 : 4;
        buf.fill(0, offset + 12, offset + 12 + width * 2);
      }
      offset += size;
    }
  };
  walk(0, buf.length);
  return bytes;
}
