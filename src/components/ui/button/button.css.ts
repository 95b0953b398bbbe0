import { style, styleVariants, type StyleRule } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 40,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  lineHeight: 1,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, border-color 150ms ease, transform 150ms ease, filter 150ms ease',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    '&:active:not(:disabled)': { transform: 'translateY(1px)' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** Button looks shared by every feature; usable on <button> and <a>. */
export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.button,
      color: vars.color.buttonText,
      selectors: { '&:hover:not(:disabled)': { filter: 'brightness(1.08)' } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.card,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.cardHover } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.text,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.cardHover } },
    },
  ],
});

export const small = style({
  minHeight: 34,
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  borderRadius: vars.radius.sm,
});
export const block = style({ width: '100%' });

/**
 * What the pressable toggles of the pages share (the Creations filter chips, the tool page's aspect
 * presets): bordered, in the page's font, small and bold. A rule to spread into a page's style, which
 * adds its padding, corners, background and pressed look.
 */
export const toggleRule = {
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
} satisfies StyleRule;
