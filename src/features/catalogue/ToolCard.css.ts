import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  boxShadow: vars.shadow.card,
  transition: 'transform 180ms ease, box-shadow 180ms ease, border-color 180ms ease',
  selectors: {
    '&:hover, &:focus-within': {
      transform: 'translateY(-3px)',
      boxShadow: vars.shadow.raised,
      borderColor: vars.color.accent,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      transition: 'none',
      selectors: { '&:hover, &:focus-within': { transform: 'none' } },
    },
  },
});

export const media = style({
  aspectRatio: '16 / 10',
  background: vars.color.input,
  overflow: 'hidden',
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  transition: 'transform 300ms ease',
  selectors: { [`${card}:hover &`]: { transform: 'scale(1.04)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: 8, padding: '16px 18px 18px', flex: 1 });

export const meta = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 });

export const category = style({
  fontSize: 12,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textSecondary,
});

export const cost = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  padding: '3px 10px',
  borderRadius: vars.radius.pill,
  background: vars.color.input,
  border: `1px solid ${vars.color.border}`,
  fontSize: 13,
  fontWeight: 700,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});

export const title = style({ margin: 0, fontSize: 18, fontWeight: 700, letterSpacing: '-0.01em' });

export const description = style({ margin: 0, fontSize: 14, color: vars.color.textSecondary, flex: 1 });

export const action = style({ marginTop: 8, alignSelf: 'flex-start' });
