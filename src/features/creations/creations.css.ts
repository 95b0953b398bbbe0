import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { toggleRule } from '../../components/ui/button/button.css';
import { card as uiCard, cluster, stack } from '../../components/ui/layout/layout.css';

export const root = style([stack.xxl, { maxWidth: 1200, width: '100%' }]);
export const chips = style([cluster.sm, { border: 'none', margin: 0, padding: 0 }]);
export const chip = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  ...toggleRule,
  background: vars.color.card,
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: vars.space.lg,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const card = style([uiCard.compact, stack.md, { minWidth: 0 }]);
export const cardHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  alignItems: 'baseline',
});
export const toolName = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
export const prompt = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textSecondary,
});
export const status = style({
  fontWeight: 700,
  selectors: {
    '&[data-status="succeeded"]': { color: vars.color.success },
    '&[data-status="failed"], &[data-status="canceled"]': { color: vars.color.danger },
  },
});
export const preview = style({
  display: 'block',
  width: '100%',
  maxHeight: 260,
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
});
export const audio = style({ width: '100%' });
export const text = style({
  margin: 0,
  maxHeight: 160,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  fontSize: vars.fontSize.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.input,
});
export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: 120,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
  padding: vars.space.md,
});
export const actions = style([cluster.sm, { marginTop: 'auto' }]);
export const alert = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
});
export const empty = style({ color: vars.color.textSecondary });
export const dialogActions = style({
  display: 'flex',
  gap: vars.space.md,
  justifyContent: 'flex-end',
  marginTop: vars.space.lg,
});
