/**
 * WCAG contrast over the themes' colour tokens, shared by the token check (tests/unit/themes.test.ts) and
 * the pages' contrast checks (tests/e2e/a11y.ts), which run axe in the themes this ranks tightest.
 */
import { defaultTheme, type ThemeName } from '../src/themes/names';
import { themePresets, type ThemePreset } from '../src/themes/presets';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two opaque #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The text-on-surface pairs of a theme that must reach WCAG AA (4.5:1), as label, text and surface. */
export function readablePairs(c: ThemePreset['colors']): Array<[string, string, string]> {
  return [
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
}

/** A theme's smallest contrast over its readable pairs: the closer to 4.5, the likelier a page fails in it. */
const tightestPair = (preset: ThemePreset): number =>
  Math.min(...readablePairs(preset.colors).map(([, fg, bg]) => contrast(fg, bg)));

/**
 * The themes a page's contrast is checked in by `npm test`: the default, light, and the `count` themes with
 * the least contrast to spare. `npm run test:themes` checks every page in all 60.
 */
export function contrastSample(count = 4): ThemeName[] {
  const tightest = [...themePresets].sort((a, b) => tightestPair(a) - tightestPair(b)).slice(0, count);
  return [...new Set<ThemeName>([defaultTheme, 'light', ...tightest.map((p) => p.name)])];
}
