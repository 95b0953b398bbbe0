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
