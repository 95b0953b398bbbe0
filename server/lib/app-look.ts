/**
 * The app's look for the few pages the server writes itself (a shared creation): the default theme's colours,
 * the type scale, the radii and the font of src/themes, as CSS custom properties and a few base rules, and the
 * brand mark the app's header shows. A page that needs no script still looks like Atelier.
 */
import { brandMark } from '../../src/themes/brand';
import { defaultTheme } from '../../src/themes/names';
import { themePresets } from '../../src/themes/presets';
import { font, fontSize, radius, space } from '../../src/themes/scale';

const preset = themePresets.find((p) => p.name === defaultTheme) ?? themePresets[0]!;

const properties = (prefix: string, values: Readonly<Record<string, string>>) =>
  Object.entries(values)
    .map(([name, value]) => `--${prefix}-${name}:${value}`)
    .join(';');

/** The custom properties and the base rules: `var(--color-card)`, `var(--space-lg)`, `var(--radius-md)`… */
export const appLookStyle = `
:root{color-scheme:${preset.scheme};${properties('color', preset.colors)};${properties('space', space)};${properties('size', fontSize)};${properties('radius', radius)}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--color-background);color:var(--color-text);font-family:${font.body};font-size:var(--size-body);line-height:1.5}
a{color:var(--color-accent)}
.brand{display:inline-flex;align-items:center;gap:var(--space-sm);margin:0 0 var(--space-xl);color:var(--color-text);font-size:var(--size-lg);font-weight:700;text-decoration:none}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 var(--space-lg);border-radius:var(--radius-md);background:var(--color-button);color:var(--color-buttonText);font-weight:600;text-decoration:none}
.button:focus-visible,.brand:focus-visible{outline:3px solid var(--color-accent);outline-offset:2px}
`;

/** The brand mark and the name, linking home, as the app's header shows them. */
const { viewBox, radius: rx, letter, dot } = brandMark;
export const brandLink = `<a class="brand" href="/"><svg width="28" height="28" viewBox="${viewBox}" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="${rx}" fill="var(--color-button)"/><path d="${letter}" fill="var(--color-buttonText)"/><circle cx="${dot.cx}" cy="${dot.cy}" r="${dot.r}" fill="var(--color-buttonText)"/></svg>Atelier</a>`;
