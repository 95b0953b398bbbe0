import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeGallery } from '../../src/features/themes/ThemeGallery';
import { filterThemes } from '../../src/features/themes/filter';
import { themePresets } from '../../src/themes/presets';

describe('theme gallery', () => {
  it('filters by label, name or description, case-insensitively', () => {
    expect(filterThemes(themePresets, '').length).toBe(60);
    expect(filterThemes(themePresets, 'DEEP SPACE').map((p) => p.name)).toEqual(['deepspace']);
    expect(filterThemes(themePresets, 'cherry').map((p) => p.name)).toEqual(['sakura']);
  });

  it('THEME-7: shows every theme with Apply, and Active on the current one', () => {
    const onApply = vi.fn();
    render(<ThemeGallery active="ocean" onApply={onApply} />);
    const cards = screen.getAllByTestId('theme-card');
    expect(cards).toHaveLength(60);
    const ocean = cards.find((c) => c.dataset.themeName === 'ocean')!;
    expect(within(ocean).getByText('Active')).toBeInTheDocument();
    expect(within(ocean).queryByRole('button', { name: /Apply/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Apply / })).toHaveLength(59);
    fireEvent.click(screen.getByRole('button', { name: 'Apply Forest' }));
    expect(onApply).toHaveBeenCalledWith('forest');
  });

  it('THEME-7: searches and shows No themes found', () => {
    render(<ThemeGallery active="dark" onApply={() => {}} />);
    const search = screen.getByPlaceholderText('Search themes...');
    fireEvent.change(search, { target: { value: 'gold' } });
    expect(screen.getAllByTestId('theme-card').length).toBe(filterThemes(themePresets, 'gold').length);
    fireEvent.change(search, { target: { value: 'xyzzy' } });
    expect(screen.getByText('No themes found')).toBeInTheDocument();
  });
});
