export const group = 'shell-auth';
import { expect } from 'vitest';
import { visibility } from '../sights';
import { sidebarNarrowModel, sidebarWideModel } from '../../flows/models/shell.models';
import type { Page } from 'playwright-core';
import { firstRender, type PathAdapter } from '../harness';

const sidebarLabel = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' }).getByText('All AI Tools');

/** The sidebar: the collapse button on a wide screen, the drawer on a phone, resizes between them. */
export const sidebarPaths: PathAdapter = {
  name: 'sidebar',
  models: [sidebarWideModel, sidebarNarrowModel],
  async start({ page }, model) {
    const { width } = model.input as { width: number };
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), firstRender).toBeGreaterThan(0);
    return `open / at ${width} px`;
  },
  events: {
    async 'sidebar.toggle'({ page }) {
      const button = page.getByRole('button', { name: /^(Collapse|Expand) sidebar$/ });
      const name = await button.getAttribute('aria-label');
      await button.click();
      return `click ${name}`;
    },
    async 'sidebar.open'({ page }) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      return 'click Open menu';
    },
    async 'sidebar.close'({ page }) {
      await page.getByRole('button', { name: 'Close menu' }).click();
      return 'click Close menu';
    },
    async 'navigation.done'({ page }) {
      // The page must change: on /image already (a longer path, a random walk's), Video is chosen instead.
      const [name, to] = new URL(page.url()).pathname === '/image' ? ['Video', '/video'] : ['Image', '/image'];
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(to);
      return `click ${name} in the menu (the page changes)`;
    },
    async 'viewport.resized'({ page }, event) {
      const { width } = event as unknown as { width: number };
      await page.setViewportSize({ width, height: 800 });
      return `resize the window to ${width} px`;
    },
  },
  // What each state shows is said by the sidebar machine (meta.sees); these check its named kinds.
  kinds: {
    async labels({ page }) {
      await expect.poll(() => visibility(sidebarLabel(page))).toBe('visible');
      return 'the sidebar shows its labels (All AI Tools)';
    },
    async iconsOnly({ page }) {
      await expect.poll(() => sidebarLabel(page).isVisible()).toBe(false);
      return 'the sidebar shows icons only (no All AI Tools)';
    },
    async noDrawer({ page }) {
      await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
      return 'no drawer';
    },
  },
};
