import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { cluster, stack } from '../../components/ui/layout/layout.css';

export const page = stack.xxl;

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
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
  padding: `0 ${vars.space.lg} 0 calc(${vars.space.xxxl} + ${vars.space.md})`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: {
    '&::placeholder': { color: vars.color.textSecondary },
    '&:focus': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1, borderColor: 'transparent' },
  },
});

export const chips = cluster.sm;

export const chip = style({
  height: 36,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
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

export const count = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSecondary });
