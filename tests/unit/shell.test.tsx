import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '../../src/api/schemas';
import { AppShell } from '../../src/features/shell/AppShell';
import { renderInRouter } from './router-harness';

const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../src/app/provider', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/app/provider')>()),
  useCurrentUser: () => session.user,
}));

const member = (plan: 'free' | 'pro' | null): User => ({
  id: 'u1',
  email: 'maker@example.com',
  credits: 1250,
  subscription: plan ? { plan, billingCycle: 'monthly', nextBillingDate: null } : null,
  lastPasswordChange: null,
  billingPortal: false,
  createdAt: null,
});

describe('layout shell for each kind of user', () => {
  beforeEach(() => {
    session.user = null;
  });

  it('NAV-1, NAV-2: offers Sign In and Register to visitors and hides Settings', async () => {
    await renderInRouter(() => <AppShell>content</AppShell>);
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(within(sidebar).queryByRole('link', { name: 'My creations' })).toBeNull();
  });

  it('starts with a skip link to the main content and keeps the top bar in a landmark', async () => {
    await renderInRouter(() => <AppShell>content</AppShell>);
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const topBar = screen.getByRole('navigation', { name: 'Top bar' });
    expect(within(topBar).getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });

  it('NAV-2, NAV-3: shows the balance, Settings, Subscribe and Upgrade Plan to a user without a paid plan', async () => {
    session.user = member('free');
    await renderInRouter(() => <AppShell>content</AppShell>);
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(sidebar).getByRole('link', { name: 'My creations' })).toHaveAttribute('href', '/creations');
    expect(within(sidebar).getByText('1,250 credits')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('banner')).toHaveTextContent('Upgrade Plan');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it('NAV-2, NAV-3: shows Credits + in the sidebar and header to a paid subscriber', async () => {
    session.user = member('pro');
    await renderInRouter(() => <AppShell>content</AppShell>);
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Credits +' })).toHaveAttribute('href', '/credits');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Credits +' })).toBeInTheDocument();
    expect(screen.queryByText('Upgrade Plan')).toBeNull();
  });
});

describe('NAV-4: the drawer under 768 px', () => {
  beforeEach(() => {
    session.user = null;
  });

  it.each([
    ['Escape', (drawer: HTMLElement) => fireEvent.keyDown(drawer, { key: 'Escape' })],
    [
      'its Close menu button',
      (drawer: HTMLElement) => fireEvent.click(within(drawer).getByRole('button', { name: 'Close menu' })),
    ],
  ])('gives focus back to the menu button when it closes with %s', async (_how, close) => {
    await renderInRouter(() => <AppShell>content</AppShell>, { width: 390 });
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    menu.focus();
    fireEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    close(drawer);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });
});
