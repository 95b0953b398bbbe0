import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: 28 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
});

export const searchBox = style({
  position: 'relative',
  flex: '1 1 320px',
  maxWidth: 460,
  color: vars.color.textSecondary,
});

export const searchIcon = style({ position: 'absolute', left: 14, top: '50%', transform: 'translateY(-50%)' });

export const search = style({
  width: '100%',
  height: 46,
  padding: '0 16px 0 44px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: 15,
  selectors: {
    '&::placeholder': { color: vars.color.textSecondary },
    '&:focus': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1, borderColor: 'transparent' },
  },
});

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });

export const chip = style({
  height: 36,
  padding: '0 16px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.text,
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  transition: 'background-color 120ms ease',
  selectors: {
    '&:hover': { background: vars.color.cardHover },
    '&[aria-pressed=true]': {
      background: vars.color.button,
      color: vars.color.buttonText,
      borderColor: vars.color.button,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});

export const count = style({ margin: 0, fontSize: 14, color: vars.color.textSecondary });
