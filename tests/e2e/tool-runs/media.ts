/** The seven video, audio and 3D tools for the same user, then My creations (see tools.test.ts). */
import { describe, expect, it } from 'vitest';
import { api, balance } from '../accounts';
import { baseUrl, screenshot } from '../browser';
import { toolByKey, type ToolKey } from '../../../src/catalog';
import {
  audioSeconds,
  cost,
  download,
  expectBalance,
  imageFile,
  mediaIn,
  openTool,
  otherUserToken,
  photo,
  playedSeconds,
  resultMedia,
  type ToolRun,
} from './helpers';

export function mediaTools(run: ToolRun): void {
  describe('the seven video, audio and 3D tools for the same user', () => {
    let clip: Buffer;

    const newestId = async () => {
      const link = run.page.getByRole('link', { name: 'See it in My creations' });
      await expect.poll(() => link.isVisible()).toBe(true);
      run.made.push((await link.getAttribute('href'))!.split('/').pop()!);
    };

    it('Text to Video: 24 frames at 12 fps that play, download as MP4, cost charged', async () => {
      const { page } = run;
      await openTool(page, 'text-to-video');
      const before = await balance(page);
      // Frames and fps sit under Advanced (TOOL-50).
      await page.getByRole('button', { name: 'Advanced' }).click();
      await page.getByLabel(/^Frames \(/).fill('24');
      await page.getByLabel(/^Frames per second/).fill('12');
      await page.getByLabel(/^Frames per second/).blur();
      await page.getByLabel('Prompt', { exact: true }).fill('a paper boat on a river');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await resultMedia(page, 'Generated video');
      expect(await playedSeconds(page, 'Generated video')).toBeGreaterThan(0);
      const file = await download(page);
      expect(file.type).toBe('video/mp4');
      clip = Buffer.from(await (await fetch(new URL(file.href, baseUrl()))).arrayBuffer());
      await expectBalance(page, before - cost('text-to-video'));
      await newestId();
      await screenshot(page, 'tools-text-to-video-desktop');
    }, 200_000);

    it('Image to Video: a 2 s pan over the upload that plays', async () => {
      const { page } = run;
      await openTool(page, 'image-to-video');
      const before = await balance(page);
      await page
        .getByLabel('Image to animate')
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
      await page.getByLabel(/^Length/).fill('2');
      await page.getByLabel(/^Length/).blur();
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await resultMedia(page, 'Animated image');
      expect(await playedSeconds(page, 'Animated image')).toBeGreaterThan(0);
      const duration = await mediaIn(page, 'Animated image').evaluate((v: HTMLVideoElement) => v.duration);
      expect(duration).toBeGreaterThan(1.8);
      expect(duration).toBeLessThan(2.2);
      expect((await download(page)).type).toBe('video/mp4');
      await expectBalance(page, before - cost('image-to-video'));
      await newestId();
    }, 200_000);

    it('Video Editing: the uploaded clip in grayscale, playable', async () => {
      const { page } = run;
      await openTool(page, 'video-editing');
      const before = await balance(page);
      await page
        .getByLabel('Video to edit (optional)')
        .setInputFiles({ name: 'boat.mp4', mimeType: 'video/mp4', buffer: clip });
      await page.getByLabel('Filter').selectOption('grayscale');
      await page.getByLabel('Prompt', { exact: true }).fill('an old film look');
      await page.getByRole('button', { name: 'Edit Video' }).click();
      await resultMedia(page, 'Edited video');
      expect(await playedSeconds(page, 'Edited video')).toBeGreaterThan(0);
      expect((await download(page)).type).toBe('video/mp4');
      await expectBalance(page, before - cost('video-editing'));
      await newestId();
    }, 200_000);

    it('3D: a GLB from the upload, drawn in the viewer (a canvas that is not blank), turned by a drag', async () => {
      const { page } = run;
      await openTool(page, '3d-gen');
      const before = await balance(page);
      await page
        .getByLabel('Image of the object')
        .setInputFiles({ name: 'vase.png', mimeType: 'image/png', buffer: await photo() });
      await page.getByLabel('Quality').selectOption('medium');
      await page.getByRole('button', { name: 'Generate 3D Model' }).click();
      const viewer = page.getByTestId('model-viewer');
      await expect.poll(() => viewer.isVisible(), { timeout: 150_000 }).toBe(true);
      await expect.poll(() => page.locator('[data-state="ready"]').count(), { timeout: 30_000 }).toBe(1);
      const colours = () =>
        viewer.evaluate((canvas: HTMLCanvasElement) => {
          const copy = document.createElement('canvas');
          copy.width = canvas.width;
          copy.height = canvas.height;
          const ctx = copy.getContext('2d')!;
          ctx.drawImage(canvas, 0, 0);
          const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
          const seen = new Set<number>();
          let drawn = 0;
          let hash = 7;
          for (let i = 0; i < data.length; i += 4) {
            const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
            seen.add(key);
            if (key !== 0x1d1f27) drawn++;
            hash = (Math.imul(hash, 31) + key) >>> 0;
          }
          return { distinct: seen.size, drawn, hash };
        });
      const first = await colours();
      expect(first.distinct).toBeGreaterThan(20);
      expect(first.drawn).toBeGreaterThan(1000);
      await viewer.scrollIntoViewIfNeeded();
      await screenshot(page, 'tools-3d-desktop');
      const box = (await viewer.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 8 });
      await page.mouse.up();
      await expect.poll(async () => (await colours()).hash).not.toBe(first.hash);
      expect((await download(page)).type).toBe('model/gltf-binary');
      await expectBalance(page, before - cost('3d-gen'));
      await newestId();
    }, 200_000);

    it.each([
      ['musicgen', 'Generate Music', 'Generated music', 6],
      ['audioldm', 'Generate Sound', 'Generated sound', 4],
    ] as const)(
      '%s: audio of the requested duration (±10 %%) with a WAV download',
      async (key, button, label, seconds) => {
        const { page } = run;
        await openTool(page, key);
        const before = await balance(page);
        await page.getByLabel(/^Duration/).fill(String(seconds));
        await page.getByLabel(/^Duration/).blur();
        await page.getByLabel('Prompt', { exact: true }).fill('calm piano over soft rain');
        await page.getByRole('button', { name: button }).click();
        await resultMedia(page, label);
        const duration = await audioSeconds(page, label);
        expect(Math.abs(duration - seconds) / seconds).toBeLessThan(0.1);
        const file = await download(page);
        expect(file.type).toBe('audio/wav');
        await expectBalance(page, before - cost(key));
        await newestId();
      },
      200_000,
    );

    it('Voice: the prompt spoken (more than a second of audio) with the chosen preset', async () => {
      const { page } = run;
      await openTool(page, 'bark');
      const before = await balance(page);
      await page.getByLabel('Voice preset').selectOption('v2/en_speaker_3');
      await page.getByLabel('Text to speak').fill('Welcome to the Atelier studio today');
      await page.getByRole('button', { name: 'Generate Voice' }).click();
      await resultMedia(page, 'Generated voice');
      expect(await audioSeconds(page, 'Generated voice')).toBeGreaterThan(1);
      expect((await download(page)).type).toBe('audio/wav');
      await expectBalance(page, before - cost('bark'));
      await newestId();
    }, 200_000);

    it('My creations lists the runs of all fifteen tools newest first, a page at a time, and filters them', async () => {
      const { page } = run;
      await page.getByRole('link', { name: 'My creations' }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/creations');
      const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
      // Twenty-four runs (each of the first eight tools twice: its [fail] run is listed, refunded; Text to
      // Image once more: its Run again): one page of thirty holds them all, with no Load more.
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(24);
      await expect.poll(() => page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      // A gallery, not a list: on a 1280×800 screen at least twenty tiles show whole, unscrolled (CREATIONS-16).
      expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
      await screenshot(page, 'creations-gallery-desktop');
      const whole = await cards.evaluateAll(
        (tiles) =>
          tiles.filter((t) => {
            const box = t.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
          }).length,
      );
      expect(whole).toBeGreaterThanOrEqual(20);
      const names = (keys: ToolKey[]) => keys.map((key) => toolByKey(key).title);
      expect(await cards.getByRole('heading').allTextContents()).toEqual(
        names([
          'bark',
          'audioldm',
          'musicgen',
          '3d-gen',
          'video-editing',
          'image-to-video',
          'text-to-video',
          'image-to-text',
          'image-to-text',
          'code-generation',
          'code-generation',
          'text-to-text',
          'text-to-text',
          'restore-image',
          'restore-image',
          'person-to-person',
          'person-to-person',
          'image-to-image',
          'image-to-image',
          'text-to-advertisement',
          'text-to-advertisement',
          'text-to-image',
          'text-to-image',
          'text-to-image',
        ]),
      );
      // The image runs' Download links: PNG files served as image/png ([fail] run has no file to download).
      const imageTools: ToolKey[] = [
        'text-to-image',
        'text-to-advertisement',
        'image-to-image',
        'person-to-person',
        'restore-image',
      ];
      for (const key of imageTools) {
        const link = cards
          .filter({ has: page.getByRole('heading', { name: toolByKey(key).title, exact: true }) })
          .getByRole('link', { name: 'Download' });
        // Text to Image made two pictures (its Run again); every other image tool one.
        expect(await link.count(), key).toBe(key === 'text-to-image' ? 2 : 1);
        expect(await link.first().getAttribute('download'), key).toMatch(/\.png$/);
        expect(await imageFile((await link.first().getAttribute('href'))!), key).toEqual({
          type: 'image/png',
          format: 'png',
        });
      }
      await screenshot(page, 'creations-desktop');
      await page.getByRole('button', { name: 'Audio', exact: true }).click();
      await expect.poll(() => cards.count()).toBe(3);
    }, 120_000);

    it('CATALOG-6: the catalogue shows the newest eight runs below the hero; a tile opens its run', async () => {
      const { page } = run;
      await page.goto('/');
      const strip = page.getByRole('region', { name: 'Your recent creations' });
      const tiles = strip.getByRole('listitem');
      await expect.poll(() => tiles.count(), { timeout: 20_000 }).toBe(8);
      // Below the hero, above the tools.
      const hero = (await page.locator('#hero-title').boundingBox())!;
      const box = (await strip.boundingBox())!;
      expect(box.y).toBeGreaterThan(hero.y);
      expect(box.y).toBeLessThan((await page.getByRole('searchbox', { name: 'Search AI tools' }).boundingBox())!.y);
      await expect.poll(() => tiles.first().getByRole('link').getAttribute('aria-label')).toMatch(/^Voice Generation/);
      await screenshot(page, 'catalogue-recent-desktop');
      await tiles.first().getByRole('link').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/creations/${run.made.at(-1)!}`);
    }, 60_000);

    it('reopens a creation by its URL, for its owner only, and deletes it with its file', async () => {
      const { page } = run;
      const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
      // The newest (voice) by its own URL; another user gets 404 for it.
      const id = run.made.at(-1)!;
      await page.goto(`/creations/${id}`);
      await expect
        .poll(() => page.getByLabel('Voice Generation', { exact: true }).isVisible(), { timeout: 20_000 })
        .toBe(true);
      await screenshot(page, 'creation-page-desktop');
      const { body: creation } = await api<{ output: string }>(`/api/creations/${id}`, { token: run.token });
      const other = await otherUserToken();
      expect((await api(`/api/creations/${id}`, { token: other })).status).toBe(404);

      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/creations');
      await expect.poll(() => cards.first().getByRole('heading').textContent()).toBe(toolByKey('audioldm').title);
      expect((await fetch(new URL(creation.output, baseUrl()))).status).toBe(404);
      expect((await api(`/api/creations/${id}`, { token: run.token })).status).toBe(404);
    }, 120_000);
  });
}
