import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const toggle = style({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  padding: 4,
  gap: 4,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
});

export const toggleButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  height: 38,
  padding: '0 18px',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textSecondary,
  fontWeight: 600,
  fontSize: 14,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed=true]': { background: vars.color.button, color: vars.color.buttonText },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});

export const save = style({
  fontSize: 12,
  fontWeight: 700,
  padding: '2px 8px',
  borderRadius: vars.radius.pill,
  background: vars.color.success,
  color: vars.color.successText,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  gap: 20,
  alignItems: 'stretch',
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 14,
  padding: 24,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  selectors: { '&[data-featured=true]': { borderColor: vars.color.accent, boxShadow: vars.shadow.raised } },
});

export const name = style({ margin: 0, fontSize: 20, fontWeight: 700 });
export const price = style({ display: 'flex', alignItems: 'baseline', gap: 6 });
export const amount = style({ fontSize: 40, fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1 });
export const per = style({ color: vars.color.textSecondary, fontSize: 15 });
export const note = style({ margin: 0, fontSize: 14, color: vars.color.textSecondary });
export const features = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  fontSize: 14,
  flex: 1,
});
export const feature = style({ display: 'flex', gap: 8, alignItems: 'flex-start' });
export const check = style({ color: vars.color.success, flex: 'none', marginTop: 2 });
export const badge = style({
  alignSelf: 'flex-start',
  fontSize: 12,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.accent,
});

/** What choosing the plan does (credits that expire, the grant, when access ends), just above its button. */
export const change = style({
  margin: 0,
  fontSize: 14,
  lineHeight: 1.45,
  color: vars.color.text,
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
});
