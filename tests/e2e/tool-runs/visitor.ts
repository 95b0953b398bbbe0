/** A visitor on the eight image and text tools (see tools.test.ts). */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toolByKey, type ToolKey } from '../../../src/catalog';
import { appReady, desktop, openPage } from '../browser';
import { apiRequests, photo } from './helpers';

export function visitorTools(browser: () => Browser): void {
  describe('a visitor', () => {
    // One page for the eight tools: each Generate opens the login dialog, nothing is uploaded or run,
    // and what was typed or chosen is still there after the dialog closes.
    const tools: Array<[ToolKey, string, { prompt?: string; image?: string }]> = [
      ['text-to-image', 'Generate', { prompt: 'a quiet harbour' }],
      ['image-to-image', 'Generate', { image: 'Image', prompt: 'as a watercolour' }],
      ['text-to-advertisement', 'Generate', { prompt: 'a running shoe, studio light' }],
      ['person-to-person', 'Generate', { image: 'Main image', prompt: 'on a beach' }],
      ['restore-image', 'Restore Image', { image: 'Image to restore' }],
      ['text-to-text', 'Generate Text', { prompt: 'a short poem about the sea' }],
      ['code-generation', 'Generate Code', { prompt: 'a function that adds two numbers' }],
      ['image-to-text', 'Extract Text', { image: 'Image' }],
    ];

    it('pressing each of the eight tools’ button opens the login dialog and keeps what they typed or chose', async () => {
      const visitor = await openPage(browser(), desktop, '/');
      const requests = apiRequests(visitor);
      const picture = await photo();
      for (const [key, button, form] of tools) {
        await visitor.goto(toolByKey(key).path);
        await expect
          .poll(() => visitor.getByRole('heading', { level: 1, name: toolByKey(key).title }).isVisible())
          .toBe(true);
        // The file is set by script, which does not wait for the prerendered page to be hydrated.
        await appReady(visitor);
        if (form.image) {
          await visitor
            .getByLabel(form.image, { exact: true })
            .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: picture });
          await expect.poll(() => visitor.getByAltText(`${form.image} preview`).isVisible()).toBe(true);
        }
        if (form.prompt) await visitor.getByLabel(/^Prompt/).fill(form.prompt);
        await visitor.getByRole('button', { name: button, exact: true }).click();
        await expect
          .poll(() => visitor.getByRole('dialog', { name: 'Sign In' }).isVisible(), { message: key })
          .toBe(true);
        await visitor.keyboard.press('Escape');
        await expect
          .poll(() => visitor.getByRole('dialog', { name: 'Sign In' }).isVisible(), { message: key })
          .toBe(false);
        if (form.prompt) expect(await visitor.getByLabel(/^Prompt/).inputValue(), key).toBe(form.prompt);
        if (form.image) expect(await visitor.getByAltText(`${form.image} preview`).isVisible(), key).toBe(true);
      }
      expect(requests).toEqual([]);
      await visitor.context().close();
    }, 180_000);
  });
}
