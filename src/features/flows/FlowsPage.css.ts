import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, cluster, stack } from '../../components/ui/layout/layout.css';

export const machineGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const machineCard = style([
  card.compact,
  stack.xs,
  {
    height: '100%',
    textDecoration: 'none',
    selectors: {
      '&:hover': { background: vars.color.cardHover },
      '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    },
  },
]);
export const machineName = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
export const switcher = style([cluster.xs, { listStyle: 'none', margin: 0, padding: 0 }]);
export const chip = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.button,
      color: vars.color.buttonText,
      borderColor: 'transparent',
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { '(max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const panel = style([card.compact, stack.md, { minWidth: 0 }]);
export const panelHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const subTitle = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md, fontWeight: 700 });
export const current = style({ margin: 0, overflowWrap: 'anywhere' });
export const muted = style({
  margin: 0,
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
export const plainList = style([stack.sm, { listStyle: 'none', margin: 0, padding: 0 }]);
export const control = style([stack.xs, { alignItems: 'flex-start', minWidth: 0 }]);
export const row = cluster.xs;
export const details = style({ fontSize: vars.fontSize.sm, color: vars.color.textSecondary, width: '100%' });
export const field = style([stack.xxs, { fontSize: vars.fontSize.xs, width: '100%' }]);
export const textarea = style({
  width: '100%',
  boxSizing: 'border-box',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
});
export const effects = style([stack.xxxs, { margin: 0, paddingLeft: vars.space.xl, fontSize: vars.fontSize.sm }]);
export const stateList = style([
  stack.xxxs,
  { margin: 0, paddingLeft: 0, listStyle: 'none', fontSize: vars.fontSize.sm },
]);
export const stateLink = style({
  color: vars.color.text,
  selectors: { '&[data-selected="true"]': { fontWeight: 700 }, '&[data-active="true"]': { color: vars.color.accent } },
});
export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});
export const live = cluster.md;
