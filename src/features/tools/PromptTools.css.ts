import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { cluster, stack } from '../../components/ui/layout/layout.css';

export const labelRow = style([cluster.sm, { justifyContent: 'space-between', flexWrap: 'wrap' }]);
export const labelTools = style([cluster.sm, { flexWrap: 'wrap' }]);
export const menus = style([cluster.sm, { flexWrap: 'wrap' }]);
export const source = style({ fontSize: vars.fontSize.xs, color: vars.color.textSecondary });
export const panel = style([
  stack.sm,
  {
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.card,
    padding: vars.space.md,
    maxWidth: '100%',
  },
]);
export const search = style({
  width: '100%',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  font: 'inherit',
});
export const options = style([
  stack.xs,
  { listStyle: 'none', margin: 0, padding: 0, maxHeight: '40vh', overflowY: 'auto' },
]);
export const option = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  color: vars.color.text,
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.input, outline: `2px solid ${vars.color.accent}` },
  },
});
export const muted = style({ color: vars.color.textSecondary, margin: 0, fontSize: vars.fontSize.sm });
export const finalPrompt = style({ margin: 0, overflowWrap: 'anywhere', fontSize: vars.fontSize.sm });
