/** The eight image and text tools, each run once and failed once on purpose (see tools.test.ts). */
import { describe, expect, it } from 'vitest';
import { balance } from '../accounts';
import { violationsAtBothWidths } from '../a11y';
import { desktop, phone, screenshot } from '../browser';
import {
  startAnother,
  apiRequests,
  cost,
  expectBalance,
  expectPngResult,
  failedAndRefunded,
  fundedUser,
  loadedImage,
  NOT_SUPPORTED,
  ON_PURPOSE,
  openTool,
  photo,
  photoWithComment,
  savedImage,
  sixteenMegabytes,
  TOO_LARGE,
  wordsPng,
  type ToolRun,
  actionsInView,
} from './helpers';

/** The first test signs the user in and funds it; the others run on its page in order. */
export function imageAndTextTools(run: ToolRun): void {
  describe('the eight image and text tools for a signed-in user', () => {
    // The first test signs in and funds the user; the others run on its page in order.
    it('signs in and buys 5,000 credits on the local checkout', async () => {
      ({ page: run.page } = await fundedUser(run.browser, 'tools'));
      run.token = (await run.page.evaluate(() => localStorage.getItem('token')))!;
    }, 120_000);

    it('Text to Image: a Landscape image of 1216×832, the balance falls by its cost; Run again draws another, Edit keeps the form; [fail] is refunded; [busy] charges nothing and says so', async () => {
      const { page } = run;
      await openTool(page, 'text-to-image');
      const before = await balance(page);
      await page.getByRole('button', { name: /^Landscape/ }).click();
      await page.getByLabel('Prompt', { exact: true }).fill('a lighthouse at dusk');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      expect(await loadedImage(page, 'Generated image')).toEqual({ width: 1216, height: 832 });
      await expectPngResult(page, 'Generated image');
      // TOOL-41: the actions and the picture on one 1280×800 screen; Download saves generated-image-….png.
      await actionsInView(page, 'Generated image');
      expect((await savedImage(page)).name).toMatch(/^generated-image-\d+\.png$/);
      await expectBalance(page, before - cost('text-to-image'));
      expect(await page.getByRole('button', { name: /^Landscape/ }).isDisabled()).toBe(true);
      await screenshot(page, 'tools-text-to-image-desktop');
      await page.setViewportSize(phone);
      await screenshot(page, 'tools-text-to-image-phone');
      await page.setViewportSize(desktop);

      // TOOL-43: Run again: the same prompt and size, a new seed drawn by the server, so a different picture,
      // charged once more.
      const picture = page.getByAltText('Generated image', { exact: true });
      const firstSrc = (await picture.getAttribute('src'))!;
      const bytesOf = async (src: string) => Buffer.from(await (await page.request.get(src)).body()).toString('base64');
      const first = await bytesOf(firstSrc);
      await startAnother(page, 'Run again');
      await expect.poll(() => picture.getAttribute('src').catch(() => null), { timeout: 120_000 }).not.toBe(firstSrc);
      expect(await loadedImage(page, 'Generated image')).toEqual({ width: 1216, height: 832 });
      expect(await bytesOf((await picture.getAttribute('src'))!)).not.toBe(first);
      await expectBalance(page, before - 2 * cost('text-to-image'));
      // Edit: back to the form with the prompt and the aspect ratio kept, editable.
      await startAnother(page, 'Edit');
      await expect.poll(() => page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('a lighthouse at dusk');
      expect(await page.getByLabel('Prompt', { exact: true }).isEditable()).toBe(true);
      expect(await page.getByRole('button', { name: /^Landscape/ }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('button', { name: /^Landscape/ }).isDisabled()).toBe(false);

      await page.getByLabel('Prompt', { exact: true }).fill('[fail] a lighthouse');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await failedAndRefunded(run, 'text-to-image', before - 2 * cost('text-to-image'), ON_PURPOSE);

      // TOOL-44: a busy model refuses the run before the charge: the spec's 504 text says so, with no refund line.
      await page.getByLabel('Prompt', { exact: true }).fill('[busy] a lighthouse');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await expect
        .poll(() => page.getByRole('alert').textContent(), { timeout: 60_000 })
        .toBe('The request timed out. Please try again with a simpler prompt. Nothing was charged.');
      expect(await page.getByRole('main').getByRole('status').filter({ hasText: 'been returned' }).count()).toBe(0);
      await expectBalance(page, before - 2 * cost('text-to-image'));
    }, 240_000);

    it('Text to Advertisement: a Wide image of 1360×768 with Download; [fail] is refunded', async () => {
      const { page } = run;
      await openTool(page, 'text-to-advertisement');
      await screenshot(page, 'tools-advertisement-desktop');
      const before = await balance(page);
      await page.getByRole('button', { name: /^Wide/ }).click();
      await page.getByLabel('Prompt', { exact: true }).fill('a running shoe, studio light');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      expect(await loadedImage(page, 'Generated advertisement')).toEqual({ width: 1360, height: 768 });
      await expectPngResult(page, 'Generated advertisement');
      await expectBalance(page, before - cost('text-to-advertisement'));
      const saved = await savedImage(page);
      expect(saved.name).toMatch(/^generated-ad-\d+\.png$/);
      expect(saved.format).toBe('png');
      await screenshot(page, 'tools-advertisement-result-desktop');
      await page.setViewportSize(phone);
      await screenshot(page, 'tools-advertisement-result-phone');
      await page.setViewportSize(desktop);

      await startAnother(page, 'Generate Another');
      await page.getByLabel('Prompt', { exact: true }).fill('[fail] a running shoe');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      // The advertisement page's own wording for a failed run (TOOL-30).
      await failedAndRefunded(
        run,
        'text-to-advertisement',
        before - cost('text-to-advertisement'),
        'Failed to generate image. Please try again.',
      );
    }, 180_000);

    it('Image to Image: the uploaded picture at 512×384; [fail] is refunded', async () => {
      const { page } = run;
      await openTool(page, 'image-to-image');
      const before = await balance(page);
      await page
        .getByLabel('Image', { exact: true })
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
      await expect.poll(() => page.getByAltText('Image preview').isVisible()).toBe(true);
      await page.getByLabel('Prompt', { exact: true }).fill('as a watercolour');
      await page.getByLabel('Width').fill('515');
      await page.getByLabel('Height').fill('390');
      await page.getByLabel('Height').blur();
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      expect(await loadedImage(page, 'Generated image')).toEqual({ width: 512, height: 384 });
      await expectPngResult(page, 'Generated image');
      await expectBalance(page, before - cost('image-to-image'));

      await startAnother(page, 'Generate Another');
      await page
        .getByLabel('Image', { exact: true })
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
      await expect.poll(() => page.getByAltText('Image preview').isVisible()).toBe(true);
      await page.getByLabel('Prompt', { exact: true }).fill('[fail] as a watercolour');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await failedAndRefunded(run, 'image-to-image', before - cost('image-to-image'), ON_PURPOSE);
    }, 180_000);

    it('Person to Person: refuses 16 MB and HEIC before any request, runs with main and pose images; [fail] is refunded', async () => {
      const { page } = run;
      await openTool(page, 'person-to-person');
      const requests = apiRequests(page);
      await page.getByLabel('Main image').setInputFiles(sixteenMegabytes('big.jpg'));
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(TOO_LARGE);
      await page
        .getByLabel('Main image')
        .setInputFiles({ name: 'IMG_0001.heic', mimeType: 'image/heic', buffer: Buffer.from('heic') });
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(NOT_SUPPORTED);
      expect(requests).toEqual([]);

      const before = await balance(page);
      await page
        .getByLabel('Main image')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
      await page
        .getByLabel('Pose image (optional)')
        .setInputFiles({ name: 'pose.png', mimeType: 'image/png', buffer: await photo() });
      await expect.poll(() => page.getByAltText('Pose image (optional) preview').isVisible()).toBe(true);
      // Resized in the browser: a JPEG data URL.
      expect(await page.getByAltText('Main image preview').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      await page.getByLabel(/^Prompt/).fill('on a beach');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      const size = await loadedImage(page, 'Generated person');
      expect(size.width).toBeGreaterThan(0);
      await expectPngResult(page, 'Generated person');
      await expectBalance(page, before - cost('person-to-person'));

      await startAnother(page, 'Generate Another');
      await page
        .getByLabel('Main image')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
      await expect.poll(() => page.getByAltText('Main image preview').isVisible()).toBe(true);
      await page.getByLabel(/^Prompt/).fill('[fail] on a beach');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      await failedAndRefunded(run, 'person-to-person', before - cost('person-to-person'), ON_PURPOSE);
    }, 180_000);

    it('Restore Image: the restored picture with Restore Another and Download; [fail] in the picture’s metadata is refunded', async () => {
      const { page } = run;
      await openTool(page, 'restore-image');
      const before = await balance(page);
      expect(await page.getByRole('button', { name: 'Restore Image', exact: true }).isDisabled()).toBe(true);
      await page
        .getByLabel('Image to restore')
        .setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: await photo() });
      await page.getByRole('button', { name: 'Restore Image', exact: true }).click();
      expect((await loadedImage(page, 'Restored image')).width).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Restore Another' }).isVisible()).toBe(true);
      await expectPngResult(page, 'Restored image');
      const saved = await savedImage(page);
      expect(saved.name).toMatch(/^generated-image-\d+\.png$/);
      expect(saved.format).toBe('png');
      await expectBalance(page, before - cost('restore-image'));

      // No prompt here: the marker rides in the file's PNG comment, which the browser and /api/upload keep.
      await startAnother(page, 'Restore Another');
      await page
        .getByLabel('Image to restore')
        .setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: await photoWithComment('[fail]') });
      await expect.poll(() => page.getByAltText('Image to restore preview').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Restore Image', exact: true }).click();
      await failedAndRefunded(
        run,
        'restore-image',
        before - cost('restore-image'),
        `${ON_PURPOSE} ([fail] in the uploaded image’s metadata).`,
      );
    }, 180_000);

    it('Text Generation: text as prose in the app font, no operator instructions; [fail] is refunded', async () => {
      const { page } = run;
      await openTool(page, 'text-to-text');
      const before = await balance(page);
      await page.getByLabel('Prompt', { exact: true }).fill('a short poem about the sea');
      await page.getByRole('button', { name: 'Generate Text' }).click();
      const text = page.getByRole('region', { name: 'Result' }).locator('p').first();
      await expect.poll(() => text.isVisible(), { timeout: 120_000 }).toBe(true);
      const result = (await page.getByRole('region', { name: 'Result' }).textContent())!;
      expect(result.length).toBeGreaterThan(20);
      expect(result).not.toContain('OPENAI_API_KEY');
      expect(await text.evaluate((p) => getComputedStyle(p).fontFamily)).not.toMatch(/mono/i);
      expect(await page.locator('pre').count()).toBe(0);
      expect(await violationsAtBothWidths(page, 'tools-text-result')).toEqual({ desktop: [], phone: [] });
      await expectBalance(page, before - cost('text-to-text'));

      await startAnother(page, 'Generate Another');
      await page.getByLabel('Prompt', { exact: true }).fill('[fail] a short poem');
      await page.getByRole('button', { name: 'Generate Text' }).click();
      await failedAndRefunded(run, 'text-to-text', before - cost('text-to-text'), ON_PURPOSE);
    }, 180_000);

    it('Code Generation: a code block with Copy; [fail] is refunded', async () => {
      const { page } = run;
      await openTool(page, 'code-generation');
      const before = await balance(page);
      await page.getByLabel('Prompt', { exact: true }).fill('a function that adds two numbers');
      await page.getByRole('button', { name: 'Generate Code' }).click();
      const code = page.locator('pre code');
      await expect.poll(() => code.isVisible(), { timeout: 120_000 }).toBe(true);
      expect((await code.textContent())!.length).toBeGreaterThan(20);
      expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
      await expectBalance(page, before - cost('code-generation'));

      await startAnother(page, 'Generate Another');
      await page.getByLabel('Prompt', { exact: true }).fill('[fail] a function');
      await page.getByRole('button', { name: 'Generate Code' }).click();
      await failedAndRefunded(run, 'code-generation', before - cost('code-generation'), ON_PURPOSE);
    }, 180_000);

    it('Image to Text: refuses 16 MB before any request, reads ATELIER 2026; a picture reading [fail] is refunded', async () => {
      const { page } = run;
      await openTool(page, 'image-to-text');
      const requests = apiRequests(page);
      await page.getByLabel('Image', { exact: true }).setInputFiles(sixteenMegabytes('scan.png'));
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(TOO_LARGE);
      expect(requests).toEqual([]);

      const before = await balance(page);
      await page
        .getByLabel('Image', { exact: true })
        .setInputFiles({ name: 'words.png', mimeType: 'image/png', buffer: await wordsPng() });
      await page.getByRole('button', { name: 'Extract Text' }).click();
      const text = page.getByRole('region', { name: 'Result' }).locator('p').first();
      await expect.poll(() => text.isVisible(), { timeout: 150_000 }).toBe(true);
      const read = (await page.getByRole('region', { name: 'Result' }).textContent()) ?? '';
      expect(read).toContain('ATELIER');
      expect(read).toContain('2026');
      expect(await page.getByRole('button', { name: 'Process Another' }).isVisible()).toBe(true);
      await expectBalance(page, before - cost('image-to-text'));

      // No prompt here: the marker is in the words the offline OCR reads from the picture.
      await startAnother(page, 'Process Another');
      await page
        .getByLabel('Image', { exact: true })
        .setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: await wordsPng('[fail] NOTE') });
      await expect.poll(() => page.getByAltText('Image preview').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Extract Text' }).click();
      await failedAndRefunded(
        run,
        'image-to-text',
        before - cost('image-to-text'),
        `${ON_PURPOSE} ([fail] in the text read from the image).`,
      );
    }, 300_000);
  });
}
