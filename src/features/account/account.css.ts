import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { stack } from '../../components/ui/layout/layout.css';

/** On `page.page` (a column of its own): a smaller gap between the settings' cards. */
export const sections = style({ gap: vars.space.xl, maxWidth: 760 });
export const section = stack.md;
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });
export const term = style({ color: vars.color.textSecondary, fontSize: vars.fontSize.sm });
export const value = style({ fontWeight: 600 });
export const danger = style({ borderColor: vars.color.danger });

export const history = style([stack.md, { marginTop: vars.space.sm }]);
export const historyTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th`, {
  textAlign: 'left',
  color: vars.color.textSecondary,
  fontWeight: 600,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${table} td`, {
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
export const numeric = style({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  selectors: { '&[data-positive=true]': { color: vars.color.success } },
});
// The header cells of number columns line up with their figures.
globalStyle(`${table} th${numeric}`, { textAlign: 'right' });

/** "Spending in {Month YYYY}" (CREDITS-9): the heading with the month's buttons, the bar chart, the table. */
export const monthBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const monthButtons = style({ display: 'flex', gap: vars.space.xs });
export const chart = style([stack.xs, { margin: 0, padding: 0, listStyle: 'none' }]);
export const chartRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6em, 10em) 1fr minmax(3em, auto)',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xs,
  color: vars.color.textSecondary,
});
export const chartTrack = style({ height: vars.space.md, borderRadius: vars.radius.sm, background: vars.color.input });
export const chartFill = style({
  display: 'block',
  height: '100%',
  minWidth: vars.space.xxxs,
  borderRadius: vars.radius.sm,
  background: vars.color.accent,
});
/** A bar's credits, at its end. */
export const chartValue = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', color: vars.color.text });
export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.sm,
  paddingBottom: vars.space.xs,
});
export const totalRow = style({ fontWeight: 700 });
export const historyHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});
export const csv = style([stack.xs, { alignItems: 'flex-end' }]);
