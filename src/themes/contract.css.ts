import { createGlobalThemeContract } from '@vanilla-extract/css';
import { font, fontSize, radius, space } from './scale';

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
const namesOf = <K extends string>(scale: Record<K, string>) =>
  Object.fromEntries(Object.keys(scale).map((k) => [k, null])) as Record<K, null>;

export const vars = createGlobalThemeContract(
  {
    color: colorNames,
    shadow: { card: null, raised: null },
    // The same in every theme (src/themes/scale.ts): assigned once on :root, not by each preset.
    radius: namesOf(radius),
    font: namesOf(font),
    /** Gaps, paddings and margins: `vars.space.lg`. Feature styles use these, not raw sizes (eslint.config.js). */
    space: namesOf(space),
    /** The type scale: `vars.fontSize.sm`. */
    fontSize: namesOf(fontSize),
  },
  (_value, path) => `atelier-${path.join('-')}`,
);
