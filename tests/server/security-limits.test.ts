/** Body limits per route with fitting messages; decompression bombs refused quickly. */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageTooLargeMessage as tooManyPixels } from '../../server/workers/upload-checks';
import { embedded, json, setupApp } from './helpers';

const MB = 1024 * 1024;

/** A PNG whose IHDR claims width × height (CRC recomputed): the bytes stay small. */
function withDimensions(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8) + length (4) + 'IHDR' (4) → width at 16, height at 20; CRC over type + data at 29.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

for (const backend of embedded) {
  describe(`body limits (${backend})`, () => {
    const t = setupApp(backend);
    const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(5 * MB) });

    it('a 5 MB login body is refused with 413 "Request body too large", not an image message', async () => {
      const res = await t.request('/api/auth/login', { body: huge });
      expect(res.status).toBe(413);
      expect(await json(res)).toEqual({ message: 'Request body too large' });
    });

    it('a declared 5 MB body is refused from its Content-Length, before the body is read', async () => {
      // The body never ends: a server that read it before answering would never answer.
      let cancelled = false;
      const endless = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"email":"a@example.com","password":"'));
        },
        cancel() {
          cancelled = true;
        },
      });
      const res = await t.app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(5 * MB) },
        body: endless,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await json(res)).toEqual({ message: 'Request body too large' });
      if (!cancelled) await endless.cancel().catch(() => undefined);
    });

    it('the same without a Content-Length (streamed) is cut off at the limit', async () => {
      const bytes = new TextEncoder().encode(huge);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
          controller.close();
        },
      });
      const res = await t.app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await json(res)).toEqual({ message: 'Request body too large' });
    });

    it('settings, payments, the text routes and the checkout form take a few kB only', async () => {
      const u = await t.user();
      const big = JSON.stringify({ theme: 'x'.repeat(64 * 1024) });
      for (const path of [
        '/api/users/theme',
        '/api/auth/register',
        '/api/auth/change-email',
        '/api/stripe/create-checkout-session',
      ]) {
        const res = await t.request(path, { token: u.token, body: big });
        expect(res.status, path).toBe(413);
        expect(await json(res)).toEqual({ message: 'Request body too large' });
      }
      const text = await t.request('/api/generate/text', { token: u.token, body: 'x'.repeat(200 * 1024) });
      expect(await json(text)).toEqual({ message: 'Request body too large' });
      const pay = await t.app.request('/checkout/cs_local_x/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'key=' + 'k'.repeat(64 * 1024),
      });
      expect(pay.status).toBe(413);
    });

    it('a 15 MB image sent as a data URL passes on upload', async () => {
      const u = await t.user();
      const [width, height] = [2300, 2250];
      const png = await sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(15 * 1_000_000);
      expect(png.length).toBeLessThanOrEqual(15 * MB);
      const res = await t.request('/api/upload', {
        token: u.token,
        body: { image: `data:image/png;base64,${png.toString('base64')}` },
      });
      expect(res.status).toBe(201);
    }, 60_000);
  });

  describe(`decompression bombs (${backend})`, () => {
    const t = setupApp(backend);
    let bomb: Buffer;
    beforeAll(async () => {
      // 10,000 × 10,000 RGB of one colour: 300 MB of pixels in a few hundred kB of PNG.
      bomb = await sharp({
        create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
        limitInputPixels: false,
      })
        .png({ compressionLevel: 6 })
        .toBuffer();
    }, 60_000);

    it('a PNG inflating to gigabytes is refused with 400 and its message, quickly, while the API keeps answering', async () => {
      const u = await t.user();
      // The same pixels claiming 100,000 × 100,000 (30 GB inflated).
      for (const png of [bomb, withDimensions(bomb, 100_000, 100_000)]) {
        expect(png.length).toBeLessThan(2 * MB);
        // Inflating it would take minutes and gigabytes: the test's time-out would end it first.
        const pending = t.request('/api/upload', {
          token: u.token,
          body: { image: `data:image/png;base64,${png.toString('base64')}` },
        });
        const credits = await t.request('/api/users/credits', { token: u.token });
        expect(credits.status).toBe(200);
        const res = await pending;
        expect(res.status).toBe(400);
        expect(await json(res)).toEqual({ message: tooManyPixels });
      }
    });
  });
}
