/**
 * A tool page opens on its prompt: focused once the app adopts the prerendered page, so a person types at
 * once; first in the form on a phone (above the aspect presets), after them on a wide screen. axe passes at both.
 */
import { describe, expect, it } from 'vitest';
import { toolByKey } from '../../src/catalog/tools';
import { violations } from './a11y';
import { openPage, screenshot, setupBrowser, sizes } from './browser';

const tool = toolByKey('text-to-image');
const { browser } = setupBrowser();

describe('a tool page opens on its prompt', () => {
  it.each(sizes)('at %s width: the prompt is focused; first in the form on a phone', async (name, viewport) => {
    const page = await openPage(browser(), viewport, tool.path);
    try {
      const prompt = page.getByLabel('Prompt', { exact: true });
      await expect.poll(() => prompt.evaluate((el) => el === document.activeElement)).toBe(true);
      const promptTop = (await prompt.boundingBox())!.y;
      const presetTop = (await page.getByRole('button', { name: /^Square/ }).boundingBox())!.y;
      expect(name === 'phone' ? promptTop < presetTop : promptTop > presetTop).toBe(true);
      await page.keyboard.type('a red fox');
      expect(await prompt.inputValue()).toBe('a red fox');
      expect(await violations(page)).toEqual([]);
      await screenshot(page, `tool-page-prompt-${name}`);
    } finally {
      await page.context().close();
    }
  });
});
