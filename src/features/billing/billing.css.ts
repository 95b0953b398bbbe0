import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card as uiCard, stack } from '../../components/ui/layout/layout.css';

export const toggle = style({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  padding: vars.space.xxs,
  gap: vars.space.xxs,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
});

export const toggleButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: 38,
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textSecondary,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed=true]': { background: vars.color.button, color: vars.color.buttonText },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});

export const save = style({
  fontSize: vars.fontSize.xxs,
  fontWeight: 700,
  padding: `${vars.space.xxxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.success,
  color: vars.color.successText,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  gap: vars.space.xl,
  alignItems: 'stretch',
});

export const card = style([
  uiCard.padded,
  stack.md,
  {
    selectors: { '&[data-featured=true]': { borderColor: vars.color.accent, boxShadow: vars.shadow.raised } },
  },
]);

export const name = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700 });
export const price = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xs });
export const amount = style({
  fontSize: vars.fontSize.figure,
  fontWeight: 800,
  letterSpacing: '-0.03em',
  lineHeight: 1,
});
export const per = style({ color: vars.color.textSecondary, fontSize: vars.fontSize.md });
export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSecondary });
export const features = style([
  stack.sm,
  { listStyle: 'none', margin: 0, padding: 0, fontSize: vars.fontSize.sm, flex: 1 },
]);
export const feature = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
export const check = style({ color: vars.color.success, flex: 'none', marginTop: vars.space.xxxs });
export const badge = style({
  alignSelf: 'flex-start',
  fontSize: vars.fontSize.xxs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.accent,
});

/** What choosing the plan does (credits that expire, the grant, when access ends), just above its button. */
export const change = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.45,
  color: vars.color.text,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
});
