import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { crc32, decodePng, encodePng } from '../../../server/providers/media/png';
import { encodeWav } from '../../../server/providers/media/wav';
import { encodeGlb, makeBlobMesh } from '../../../server/providers/media/glb';
import { encodeMp4 } from '../../../server/providers/media/mp4';

function chunks(png: Buffer) {
  const list: { type: string; data: Buffer; crcOk: boolean }[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crcOk = png.readUInt32BE(offset + 8 + length) === crc32(png.subarray(offset + 4, offset + 8 + length));
    list.push({ type, data, crcOk });
    offset += 12 + length;
  }
  return list;
}

describe('PNG', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes signature, IHDR, IDAT and IEND with valid CRCs, and round-trips the pixels', () => {
    const pixels = new Uint8Array(5 * 3 * 4).map((_, i) => (i * 37) & 255);
    const png = Buffer.from(encodePng({ width: 5, height: 3, channels: 4, pixels }));
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(list.every((c) => c.crcOk)).toBe(true);
    const ihdr = list[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([5, 3, 8, 6]);
    expect(inflateSync(list[1]!.data).length).toBe((5 * 4 + 1) * 3);
    expect(decodePng(png)).toEqual({ width: 5, height: 3, channels: 4, pixels });
  });

  it('encodes RGB and rejects a wrong buffer size', () => {
    const rgb = new Uint8Array(2 * 2 * 3).fill(200);
    expect(decodePng(encodePng({ width: 2, height: 2, channels: 3, pixels: rgb }))?.channels).toBe(3);
    expect(() => encodePng({ width: 2, height: 2, channels: 3, pixels: new Uint8Array(5) })).toThrow();
  });

  it('returns null for bytes that are not a PNG it can decode', () => {
    expect(decodePng(Buffer.from('not a png at all, just text here......'))).toBeNull();
    const png = Buffer.from(encodePng({ width: 2, height: 2, channels: 3, pixels: new Uint8Array(12) }));
    expect(decodePng(png.subarray(0, 40))).toBeNull();
  });
});

describe('WAV', () => {
  it('writes a RIFF/WAVE PCM 16-bit header and clamped samples', () => {
    const wav = Buffer.from(encodeWav(Float32Array.from([0, 1, -1, 2]), 8000));
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('latin1', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(8);
    expect([0, 1, 2, 3].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 32767, -32768, 32767]);
  });
});

describe('GLB', () => {
  it('writes a glTF 2.0 binary with JSON and BIN chunks describing one coloured mesh', () => {
    const mesh = makeBlobMesh(
      6,
      () => 1,
      () => [1, 0.5, 0],
    );
    const glb = Buffer.from(encodeGlb(mesh));
    expect(glb.toString('latin1', 0, 4)).toBe('glTF');
    expect(glb.readUInt32LE(4)).toBe(2);
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    const jsonLength = glb.readUInt32LE(12);
    expect(glb.toString('latin1', 16, 20)).toBe('JSON');
    expect(jsonLength % 4).toBe(0);
    const json = JSON.parse(glb.toString('utf8', 20, 20 + jsonLength)) as {
      asset: { version: string };
      meshes: { primitives: { attributes: Record<string, number> }[] }[];
      accessors: { count: number; min?: number[]; max?: number[] }[];
      buffers: { byteLength: number }[];
    };
    expect(json.asset.version).toBe('2.0');
    expect(Object.keys(json.meshes[0]!.primitives[0]!.attributes)).toEqual(['POSITION', 'NORMAL', 'COLOR_0']);
    expect(json.accessors[0]!.count).toBe(mesh.positions.length / 3);
    expect(json.accessors[0]!.max![1]).toBeCloseTo(1);
    const binHeader = 20 + jsonLength;
    expect(glb.readUInt32LE(binHeader + 4)).toBe(0x004e4942);
    expect(glb.readUInt32LE(binHeader)).toBe(json.buffers[0]!.byteLength);
    // Indices stay inside the vertex range.
    expect(Math.max(...mesh.indices)).toBeLessThan(mesh.positions.length / 3);
  });
});

describe('MP4 video', () => {
  it('encodes frames to an H.264 MP4 that Chromium plays in a <video> tag', async () => {
    const width = 160;
    const height = 96;
    const mp4 = await encodeMp4({
      width,
      height,
      frameRate: 12,
      frameCount: 24,
      drawFrame: (index, rgba) => {
        for (let i = 0; i < width * height; i++) {
          rgba[i * 4] = ((i % width) * 2 + index * 8) & 255;
          rgba[i * 4 + 1] = 80;
          rgba[i * 4 + 2] = (Math.floor(i / width) * 2) & 255;
          rgba[i * 4 + 3] = 255;
        }
      },
    });
    expect(Buffer.from(mp4).toString('latin1', 4, 8)).toBe('ftyp');

    const server = createServer((req, res) => {
      if (req.url === '/video.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': mp4.length });
        res.end(Buffer.from(mp4));
      } else {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<video id="v" src="/video.mp4" muted preload="auto"></video>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // launch() gives every run a fresh temporary profile (it refuses --user-data-dir).
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => {
        const v = document.querySelector('video');
        return v !== null && (v.readyState >= 2 || v.error !== null);
      });
      const state = await page.evaluate(() => {
        const v = document.querySelector('video')!;
        return { readyState: v.readyState, duration: v.duration, width: v.videoWidth, error: v.error?.code ?? null };
      });
      expect(state.error).toBeNull();
      expect(state.readyState).toBeGreaterThanOrEqual(2);
      expect(state.duration).toBeGreaterThan(0);
      expect(state.width).toBe(width);
    } finally {
      await browser.close();
      server.close();
    }
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      encodeMp4({ width: 16, height: 16, frameRate: 1, frameCount: 2, drawFrame: () => {}, signal: controller.signal }),
    ).rejects.toThrow();
  });
});
