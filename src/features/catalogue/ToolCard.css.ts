import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card as uiCard, stack } from '../../components/ui/layout/layout.css';

export const card = style([
  uiCard.flush,
  {
    display: 'flex',
    flexDirection: 'column',
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
  },
]);

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

export const body = style([stack.sm, { padding: vars.space.lg, flex: 1 }]);

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const category = style({
  fontSize: vars.fontSize.xxs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textSecondary,
});

export const cost = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.input,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700, letterSpacing: '-0.01em' });

export const description = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSecondary, flex: 1 });

export const action = style({ marginTop: vars.space.sm, alignSelf: 'flex-start' });
