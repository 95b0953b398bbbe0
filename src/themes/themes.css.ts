import { assignVars, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { themePresets } from './presets';
import { defaultTheme } from './names';
import { font, fontSize, radius, space } from './scale';

/** The scales every theme shares, once: the presets below set only colours and shadows. */
globalStyle(':root', {
  vars: {
    ...assignVars(vars.radius, radius),
    ...assignVars(vars.font, font),
    ...assignVars(vars.space, space),
    ...assignVars(vars.fontSize, fontSize),
  },
});

/**
 * Every preset as `:root[data-theme=name]`. The attribute (not a hashed class) is what the inline
 * boot script in index.html sets before React renders, so there is no flash of the default theme.
 * An unknown or missing attribute falls back to the default preset on plain `:root`.
 */
for (const preset of themePresets) {
  const dark = preset.scheme === 'dark';
  const shadow = dark
    ? { card: '0 1px 2px rgba(0,0,0,0.4)', raised: '0 12px 32px rgba(0,0,0,0.5)' }
    : { card: '0 1px 2px rgba(16,24,40,0.06)', raised: '0 12px 32px rgba(16,24,40,0.14)' };
  const selector =
    preset.name === defaultTheme ? `:root, :root[data-theme="${preset.name}"]` : `:root[data-theme="${preset.name}"]`;
  globalStyle(selector, {
    vars: { ...assignVars(vars.color, preset.colors), ...assignVars(vars.shadow, shadow) },
    colorScheme: preset.scheme,
  });
}

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.body,
  lineHeight: 1.5,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('a', { color: 'inherit' });
globalStyle('button, input, textarea, select', { font: 'inherit' });
globalStyle('img, svg', { display: 'block', maxWidth: '100%' });
