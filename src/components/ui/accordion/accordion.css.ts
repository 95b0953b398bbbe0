import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { stack } from '../layout/layout.css';

export const root = stack.md;

export const item = style({
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
});

export const header = style({ margin: 0 });

export const trigger = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  padding: `${vars.space.lg} ${vars.space.xl}`,
  fontSize: vars.fontSize.body,
  fontWeight: 600,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.cardHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -2 },
  },
});

export const chevron = style({
  flex: 'none',
  color: vars.color.textSecondary,
  transition: 'transform 200ms ease',
  selectors: { [`${trigger}[data-state=open] &`]: { transform: 'rotate(180deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const content = style({
  padding: `0 ${vars.space.xl} ${vars.space.lg}`,
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.md,
  lineHeight: 1.6,
});
