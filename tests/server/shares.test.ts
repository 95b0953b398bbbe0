/**
 * Public links to one creation: made and revoked by its owner only, the same link while shared; a complete
 * page for visitors with the output, tool and prompt, og tags as absolute addresses and noindex, nothing of
 * the account; its output and preview image at their own addresses; all of it 404 once revoked or deleted.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createApp } from '../../server/app';
import { ffmpegPath } from '../../server/providers/media/video';
import { embedded, json, setupApp, tinyPng } from './helpers';
import { seedRun } from './history-fixtures';

type Share = { token: string; url: string };

const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

for (const backend of embedded) {
  describe(`shared links (${backend})`, () => {
    const t = setupApp(backend, { env: { RATE_LIMIT_SHARE_IMAGE: '3' } });

    const share = async (token: string, id: string) => {
      const res = await t.request(`/api/creations/${id}/share`, { token, method: 'POST' });
      expect(res.status).toBe(200);
      return json<Share>(res);
    };

    it('SHARE-1: the owner shares a creation: a 32-byte token, the same link while shared; others get 404; a failed run 409', async () => {
      const u = await t.user({ email: 'owner-share@example.com' });
      const other = await t.user();
      const run = await seedRun(t, u.id, 'text-to-image', { prompt: 'a fox' });
      const first = await share(u.token, run.id);
      expect(first.token).toMatch(/^[\w-]{43}$/);
      expect(first.url).toBe(`http://localhost:3000/share/${first.token}`);
      expect(await share(u.token, run.id)).toEqual(first);
      const detail = await json<{ shared: Share | null }>(
        await t.request(`/api/creations/${run.id}`, { token: u.token }),
      );
      expect(detail.shared).toEqual(first);

      expect((await t.request(`/api/creations/${run.id}/share`, { token: other.token, method: 'POST' })).status).toBe(
        404,
      );
      expect((await t.request(`/api/creations/${run.id}/share`, { token: other.token, method: 'DELETE' })).status).toBe(
        404,
      );
      const failed = await seedRun(t, u.id, 'text-to-image', { prompt: 'nothing', status: 'failed' });
      expect((await t.request(`/api/creations/${failed.id}/share`, { token: u.token, method: 'POST' })).status).toBe(
        409,
      );
    });

    it('SHARE-2: the page is complete HTML with the output, tool and prompt, absolute og tags and noindex, and no account data', async () => {
      const u = await t.user({ email: 'owner-page@example.com', credits: 1234 });
      const run = await seedRun(t, u.id, 'text-to-image', { prompt: 'A <red> fox & "friends"' });
      const { token } = await share(u.token, run.id);
      const res = await t.request(`/share/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(metaOf(html, 'og:title')).toBe('Text to Image on Atelier');
      expect(metaOf(html, 'og:description')).toBe('A &lt;red&gt; fox &amp; &quot;friends&quot;');
      expect(metaOf(html, 'og:image')).toBe(`http://localhost:3000/share/${token}/image.png`);
      expect(html).toContain(`<img src="/share/${token}/file"`);
      expect(html).toContain('<p class="prompt">A &lt;red&gt; fox &amp; &quot;friends&quot;</p>');
      expect(html).not.toContain('<script');
      for (const secret of [u.email, u.id, '1234', run.output!]) expect(html).not.toContain(secret);

      const file = await t.request(`/share/${token}/file`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(tinyPng);

      const image = await t.request(`/share/${token}/image.png`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({
        width: 1200,
        height: 630,
      });
    });

    it('SHARE-2: a text creation shows its text and gets a card as its preview image, which is rate-limited', async () => {
      const u = await t.user();
      const run = await seedRun(t, u.id, 'text-to-text', { prompt: 'a haiku', text: 'Leaves fall <softly>' });
      const { token } = await share(u.token, run.id);
      const html = await (await t.request(`/share/${token}`)).text();
      expect(html).toContain('<pre>Leaves fall &lt;softly&gt;</pre>');
      expect(metaOf(html, 'og:title')).toBe('Text Generation on Atelier');
      const card = await t.request(`/share/${token}/image.png`);
      expect(card.status).toBe(200);
      expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await t.request(`/share/${token}/image.png`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    });

    it('SHARE-1: after the signing key changes, the owner is shown a link that works, and the old one stops', async () => {
      const u = await t.user();
      const run = await seedRun(t, u.id, 'text-to-image', { prompt: 'a fox' });
      const old = await share(u.token, run.id);
      const deps = t.runtime.deps;
      const rekeyed = createApp({ ...deps, fileUrls: { ...deps.fileUrls, secret: 'another-key-of-32-characters-xx' } });
      const detail = await json<{ shared: Share }>(
        await rekeyed.request(`/api/creations/${run.id}`, { headers: { authorization: `Bearer ${u.token}` } }),
      );
      expect(detail.shared.token).not.toBe(old.token);
      expect((await rekeyed.request(`/share/${detail.shared.token}`)).status).toBe(200);
      expect((await rekeyed.request(`/share/${old.token}`)).status).toBe(404);
    });

    it("SHARE-2: a video's preview is its first frame (ffmpeg); a video page plays the shared file", async () => {
      const u = await t.user();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-share-test-'));
      const out = path.join(dir, 'red.mp4');
      const made = spawnSync(ffmpegPath(), [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
        ...['-i', 'color=c=red:size=64x48:rate=8:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', out],
      ]);
      expect(made.status).toBe(0);
      const bytes = fs.readFileSync(out);
      fs.rmSync(dir, { recursive: true, force: true });
      const run = await seedRun(t, u.id, 'text-to-video', {
        prompt: 'a red screen',
        file: { bytes, contentType: 'video/mp4', ext: 'mp4' },
      });
      const { token } = await share(u.token, run.id);
      const html = await (await t.request(`/share/${token}`)).text();
      expect(html).toContain(`<video controls playsinline preload="metadata" src="/share/${token}/file"`);
      const poster = await t.request(`/share/${token}/image.png`);
      expect(poster.status).toBe(200);
      const { data, info } = await sharp(Buffer.from(await poster.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([1200, 630]);
      const middle = (315 * 1200 + 600) * info.channels;
      // The clip's red, not the card's dark gradient.
      expect(data[middle]!).toBeGreaterThan(200);
      expect(data[middle + 1]!).toBeLessThan(60);
    });

    it('SHARE-3: after revoking, or deleting the creation, the page, its output and its image answer 404; a new share is a new link', async () => {
      const u = await t.user();
      const run = await seedRun(t, u.id, 'text-to-image', { prompt: 'a fox' });
      const first = await share(u.token, run.id);
      const revoke = await t.request(`/api/creations/${run.id}/share`, { token: u.token, method: 'DELETE' });
      expect(revoke.status).toBe(200);
      expect(await json(revoke)).toEqual({ message: 'Link revoked' });
      for (const path of ['', '/file', '/image.png']) {
        const res = await t.request(`/share/${first.token}${path}`);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.headers.get('x-robots-tag')).toBe('noindex');
      }
      const second = await share(u.token, run.id);
      expect(second.token).not.toBe(first.token);
      expect((await t.request(`/share/${second.token}`)).status).toBe(200);
      expect((await t.request(`/api/creations/${run.id}`, { token: u.token, method: 'DELETE' })).status).toBe(200);
      expect((await t.request(`/share/${second.token}`)).status).toBe(404);
      expect((await t.request(`/share/${second.token}/file`)).status).toBe(404);
      expect((await t.request('/share/not-a-token')).status).toBe(404);
    });
  });
}
