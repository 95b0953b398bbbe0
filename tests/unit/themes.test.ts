import { describe, expect, it } from 'vitest';
import { colorTokens } from '../../src/themes/contract.css';
import { defaultTheme, themeNames } from '../../src/themes/names';
import { presetByName, themePresets } from '../../src/themes/presets';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

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
    const c = preset.colors;
    const pairs: Array<[string, string, string]> = [
      ['text on background', c.text, c.background],
      ['textSecondary on background', c.textSecondary, c.background],
      ['text on card', c.text, c.card],
      ['text on sidebar', c.text, c.sidebar],
      ['buttonText on button', c.buttonText, c.button],
      ['textSecondary on card', c.textSecondary, c.card],
      ['accent on background', c.accent, c.background],
      ['dangerText on danger', c.dangerText, c.danger],
      ['successText on success', c.successText, c.success],
      ['accent on card', c.accent, c.card],
    ];
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
