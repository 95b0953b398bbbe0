import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const sections = style({ display: 'flex', flexDirection: 'column', gap: 20, maxWidth: 760 });
export const section = style({ display: 'flex', flexDirection: 'column', gap: 14 });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const term = style({ color: vars.color.textSecondary, fontSize: 14 });
export const value = style({ fontWeight: 600 });
export const danger = style({ borderColor: vars.color.danger });

export const history = style({ display: 'flex', flexDirection: 'column', gap: 10, marginTop: 8 });
export const historyTitle = style({ margin: 0, fontSize: 16, fontWeight: 700 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: 14 });
globalStyle(`${table} th`, {
  textAlign: 'left',
  color: vars.color.textSecondary,
  fontWeight: 600,
  padding: '6px 8px',
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${table} td`, { padding: 8, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const numeric = style({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  selectors: { '&[data-positive=true]': { color: vars.color.success } },
});
// The header cells of number columns line up with their figures.
globalStyle(`${table} th${numeric}`, { textAlign: 'right' });
