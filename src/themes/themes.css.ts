import { assignVars, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { themePresets } from './presets';
import { defaultTheme } from './names';

/**
 * Every preset as `:root[data-theme=name]`. The attribute (not a hashed class) is what the inline
 * boot script in index.html sets before React renders, so there is no flash of the default theme.
 * An unknown or missing attribute falls back to the default preset on plain `:root`.
 */
const shape = {
  radius: { sm: '8px', md: '12px', lg: '16px', pill: '999px' },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

for (const preset of themePresets) {
  const dark = preset.scheme === 'dark';
  const tokens = {
    color: { ...preset.colors },
    ...shape,
    shadow: dark
      ? { card: '0 1px 2px rgba(0,0,0,0.4)', raised: '0 12px 32px rgba(0,0,0,0.5)' }
      : { card: '0 1px 2px rgba(16,24,40,0.06)', raised: '0 12px 32px rgba(16,24,40,0.14)' },
  };
  const selector =
    preset.name === defaultTheme ? `:root, :root[data-theme="${preset.name}"]` : `:root[data-theme="${preset.name}"]`;
  globalStyle(selector, { vars: assignVars(vars, tokens), colorScheme: preset.scheme });
}

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: 16,
  lineHeight: 1.5,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('a', { color: 'inherit' });
globalStyle('button, input, textarea, select', { font: 'inherit' });
globalStyle('img, svg', { display: 'block', maxWidth: '100%' });
