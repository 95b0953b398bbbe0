export const group = 'shell-auth';
import { expect } from 'vitest';
import { sidebarNarrowModel, sidebarWideModel } from '../../flows/models/shell.models';
import { firstRender, type PathAdapter, type PathContext } from '../harness';

const visible = async ({ page }: PathContext, name: string, role: 'button' | 'dialog' = 'button') => {
  await expect.poll(() => page.getByRole(role, { name }).isVisible()).toBe(true);
};

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
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Image' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/image');
      return 'click Image in the menu (the page changes)';
    },
    async 'viewport.resized'({ page }, event) {
      const { width } = event as unknown as { width: number };
      await page.setViewportSize({ width, height: 800 });
      return `resize the window to ${width} px`;
    },
  },
  states: {
    async 'desktop.expanded'(ctx) {
      await visible(ctx, 'Collapse sidebar');
      await expect
        .poll(() => ctx.page.getByRole('complementary', { name: 'Sidebar' }).getByText('All AI Tools').isVisible())
        .toBe(true);
      return 'the sidebar shows labels and Collapse sidebar';
    },
    async 'desktop.collapsed'(ctx) {
      await visible(ctx, 'Expand sidebar');
      await expect
        .poll(() => ctx.page.getByRole('complementary', { name: 'Sidebar' }).getByText('All AI Tools').isVisible())
        .toBe(false);
      return 'the sidebar shows icons only and Expand sidebar';
    },
    async 'mobile.closed'(ctx) {
      await visible(ctx, 'Open menu');
      await expect.poll(() => ctx.page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
      return 'the top bar shows Open menu and no drawer';
    },
    async 'mobile.open'(ctx) {
      await visible(ctx, 'Menu', 'dialog');
      return 'the menu drawer is open';
    },
  },
};
