import { createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * The semantic colour tokens every theme fills. Stable CSS variable names (`--atelier-color-background`…)
 * so the inline boot script and tests can read them without the hashed class names.
 */
export const colorTokens = [
  'background',
  'sidebar',
  'card',
  'cardHover',
  'text',
  'textSecondary',
  'button',
  'buttonText',
  'input',
  'border',
  'accent',
  'accentText',
  'danger',
  'dangerText',
  'success',
  /** Text on a success background (the 'Save up to 20%' badge). */
  'successText',
  'overlay',
] as const;

export type ColorToken = (typeof colorTokens)[number];
export type ThemeColors = Record<ColorToken, string>;

const colorNames = Object.fromEntries(colorTokens.map((t) => [t, null])) as Record<ColorToken, null>;

export const vars = createGlobalThemeContract(
  {
    color: colorNames,
    radius: { sm: null, md: null, lg: null, pill: null },
    font: { body: null },
    shadow: { card: null, raised: null },
  },
  (_value, path) => `atelier-${path.join('-')}`,
);
