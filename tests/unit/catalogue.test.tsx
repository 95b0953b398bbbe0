import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { fireEvent, screen } from '@testing-library/react';
import { tools } from '../../src/catalog';
import type { User } from '../../src/api/schemas';
import { CatalogPage } from '../../src/features/catalogue/CatalogPage';
import { heroAction } from '../../src/features/catalogue/Hero';
import { catalogSearchSchema, visibleTools, type CatalogSearch } from '../../src/features/catalogue/search';
import { renderInRouter } from './router-harness';

const user = (plan: 'free' | 'standard' | 'pro' | 'enterprise' | null): User => ({
  id: 'u1',
  email: 'a@b.c',
  credits: 120,
  subscription: plan ? { plan, billingCycle: 'monthly', nextBillingDate: null } : null,
  lastPasswordChange: null,
  billingPortal: false,
  createdAt: null,
});

describe('catalogue search', () => {
  it('parses URL params with fallbacks for bad values', () => {
    expect(v.parse(catalogSearchSchema, {})).toEqual({ q: '', category: 'All' });
    expect(v.parse(catalogSearchSchema, { q: 'ad', category: 'Video' })).toEqual({ q: 'ad', category: 'Video' });
    expect(v.parse(catalogSearchSchema, { q: 42, category: 'Cooking' })).toEqual({ q: '', category: 'All' });
  });

  it('CATALOG-2: narrows by chip, then by text in title or description', () => {
    expect(visibleTools(tools, { q: '', category: 'All' })).toHaveLength(15);
    expect(visibleTools(tools, { q: '', category: '3D' }).map((t) => t.key)).toEqual(['3d-gen']);
    expect(visibleTools(tools, { q: 'PHOTOS', category: 'All' }).map((t) => t.key)).toEqual([
      'restore-image',
      'image-to-text',
    ]);
    expect(visibleTools(tools, { q: 'clip', category: 'Image' })).toEqual([]);
  });

  it('CATALOG-1: picks the hero call to action from the plan', () => {
    expect(heroAction(null).label).toBe('Start Creating');
    expect(heroAction(user(null))).toEqual({ label: 'Upgrade Plan', to: '/subscribe' });
    expect(heroAction(user('free')).label).toBe('Upgrade Plan');
    expect(heroAction(user('standard')).label).toBe('Upgrade Plan');
    expect(heroAction(user('pro'))).toEqual({ label: 'Add Credits', to: '/credits' });
    expect(heroAction(user('enterprise')).label).toBe('Add Credits');
  });
});

describe('all-tools page', () => {
  async function renderPage(search: CatalogSearch) {
    const onSearchChange = vi.fn();
    await renderInRouter(() => <CatalogPage user={null} search={search} onSearchChange={onSearchChange} />);
    return onSearchChange;
  }

  it('CATALOG-3: shows the cards of the search, with cost and Try it now', async () => {
    await renderPage({ q: 'image', category: 'Image' });
    const cards = await screen.findAllByTestId('tool-card');
    expect(cards.length).toBe(visibleTools(tools, { q: 'image', category: 'Image' }).length);
    expect(screen.getByRole('link', { name: 'Try it now: Text to Image' })).toHaveAttribute(
      'href',
      '/image-models/text-to-image',
    );
    expect(screen.getByRole('button', { name: 'Image' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Start Creating' })).toBeInTheDocument();
  });

  it('reports typing and chip clicks as a new search', async () => {
    const onSearchChange = await renderPage({ q: '', category: 'All' });
    fireEvent.change(await screen.findByPlaceholderText('Search AI tools...'), { target: { value: 'music' } });
    expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'music', category: 'All' });
    fireEvent.click(screen.getByRole('button', { name: 'Audio' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ q: '', category: 'Audio' });
  });

  it('CATALOG-4: shows the empty text when nothing matches', async () => {
    await renderPage({ q: 'submarine', category: 'All' });
    expect(await screen.findByText('No AI tools found matching your search.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('tool-card')).toHaveLength(0);
  });

  it('CATALOG-1: toggles the hero animation with a pressed state', async () => {
    await renderPage({ q: '', category: 'All' });
    const toggle = await screen.findByRole('button', { name: 'Pause animation' });
    const before = toggle.getAttribute('aria-pressed');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe(before === 'true' ? 'false' : 'true');
  });
});
