import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, cluster, stack } from '../../components/ui/layout/layout.css';

export const count = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: 20,
  height: 20,
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: vars.fontSize.xxs,
  fontWeight: 700,
});
export const list = style([stack.sm, { listStyle: 'none', margin: 0, padding: 0 }]);
export const item = style([card.inset, stack.xxs, { background: vars.color.background, minWidth: 0 }]);
export const row = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start' });
export const body = style([stack.xxs, { flex: 1, minWidth: 0 }]);
/** A finished image run's picture. */
export const thumb = style({
  flex: 'none',
  width: 56,
  height: 56,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
});
export const head = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  alignItems: 'baseline',
});
export const tool = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 700 });
export const prompt = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textSecondary,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
/** RUNS-25: the bar and, beside it, its percentage. */
export const progress = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
globalStyle(`${progress} > [role="progressbar"]`, { flex: 1, minWidth: 0 });
export const percent = style({
  flex: 'none',
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});
export const state = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-status="succeeded"]': { color: vars.color.success },
    '&[data-status="failed"], &[data-status="canceled"]': { color: vars.color.danger },
  },
});
export const time = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textSecondary });
export const message = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.text });
export const actions = style([cluster.sm, { alignItems: 'center' }]);
export const muted = style({ margin: 0, color: vars.color.textSecondary, fontSize: vars.fontSize.sm });
export const alert = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
});
export const footer = style({ marginTop: vars.space.lg });
/** The notices: a polite live region in the page's bottom-right corner, outside the panel. */
export const notices = style([
  stack.sm,
  {
    position: 'fixed',
    right: vars.space.lg,
    bottom: vars.space.lg,
    zIndex: 40,
    width: 'min(92vw, 360px)',
    pointerEvents: 'none',
  },
]);
export const notice = style([
  card.inset,
  cluster.sm,
  {
    justifyContent: 'space-between',
    flexWrap: 'nowrap',
    boxShadow: vars.shadow.raised,
    fontSize: vars.fontSize.sm,
    pointerEvents: 'auto',
  },
]);
export const noticeText = style({ margin: 0, minWidth: 0, flex: 1, overflowWrap: 'anywhere' });
/** A batch's first picture beside its notice (RUNS-22). */
export const noticeThumb = style({
  flex: 'none',
  width: 40,
  height: 40,
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});
