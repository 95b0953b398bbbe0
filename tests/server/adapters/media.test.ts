import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../../chromium';
import { afterAll, describe, expect, it } from 'vitest';
import { espeakVoice } from '../../../server/providers/media/audio';
import { encodeWav } from '../../../server/providers/media/wav';
import { editFilter, videoSize } from '../../../server/providers/media/video';
import { createWorkerPool } from '../../../server/workers/pool';

const pool = createWorkerPool({ maxThreads: 1 });
afterAll(() => pool.close());

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

describe('MP4 video', () => {
  it('writes an H.264 MP4 (ffmpeg) that Chromium plays in a <video> tag', async () => {
    const width = 160;
    const height = 96;
    const mp4 = await pool.run('video.text', {
      prompt: 'play me',
      seed: new Uint8Array(32).fill(7),
      frames: 24,
      fps: 12,
      width,
      height,
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
    const browser = await launchChromium();
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

  it('sizes frames within the cap, even for yuv420p', () => {
    expect(videoSize(undefined, undefined)).toEqual({ width: 512, height: 288 });
    expect(videoSize(1921, 1081)).toEqual({ width: 768, height: 432 });
    expect(videoSize(101, 51)).toEqual({ width: 102, height: 52 });
  });

  it('builds the ffmpeg filter of each edit', () => {
    expect(editFilter({ edit: 'trim', start: 1, end: 2 })).toMatch(/^trim=start=1:end=2,setpts=PTS-STARTPTS,/);
    expect(editFilter({ edit: 'trim', start: 1, end: undefined })).toMatch(/^trim=start=1,/);
    expect(editFilter({ edit: 'speed', factor: 10 })).toMatch(/^setpts=PTS\/4,/);
    expect(editFilter({ edit: 'filter', filter: 'grayscale' })).toMatch(/^hue=s=0,/);
  });
});

describe('voices', () => {
  it('maps Bark presets to eSpeak NG voices', () => {
    expect(espeakVoice('v2/en_speaker_6')).toBe('en-us+m2');
    expect(espeakVoice('v2/de_speaker_1')).toBe('de+f1');
    expect(espeakVoice('anything')).toBe('en-us+m1');
  });
});
