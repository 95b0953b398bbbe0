import { describe, expect, it } from 'vitest';
import { colorTokens } from '../../src/themes/contract.css';
import { defaultTheme, themeNames } from '../../src/themes/names';
import { presetByName, themePresets } from '../../src/themes/presets';
import { contrast, readablePairs } from '../theme-contrast';

describe('theme presets', () => {
  it('THEME-6: has exactly one preset per theme name, in the product order, with the default among them', () => {
    expect(themePresets.map((p) => p.name)).toEqual([...themeNames]);
    expect(presetByName(defaultTheme)?.name).toBe('dark');
  });

  it('fills every token of the contract with a colour', () => {
    for (const preset of themePresets) {
      for (const token of colorTokens) {
        expect(preset.colors[token], `${preset.name}.${token}`).toMatch(/^(#[0-9a-f]{6}|rgba\(.+\))$/);
      }
    }
  });

  it.each(themePresets.map((p) => [p.name, p] as const))('%s is readable (WCAG AA 4.5:1)', (_name, preset) => {
    const pairs = readablePairs(preset.colors);
    for (const [label, fg, bg] of pairs) {
      expect(contrast(fg, bg), `${preset.name}: ${label}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('has no two identical presets, labels or descriptions', () => {
    const palettes = themePresets.map((p) => JSON.stringify(p.colors));
    expect(new Set(palettes).size).toBe(themePresets.length);
    expect(new Set(themePresets.map((p) => p.label)).size).toBe(themePresets.length);
    expect(new Set(themePresets.map((p) => p.description)).size).toBe(themePresets.length);
  });
});
