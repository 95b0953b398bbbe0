import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { stack } from '../../components/ui/layout/layout.css';

/** A rule ID: a link to its page, its text in a tooltip on hover and focus. */
export const ruleChip = style({ position: 'relative', display: 'inline-block' });
export const ruleLink = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 } },
});
export const tooltip = style({
  position: 'absolute',
  zIndex: 20,
  left: 0,
  top: 'calc(100% + 4px)',
  width: 'max-content',
  maxWidth: 'min(320px, 80vw)',
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.4,
  whiteSpace: 'normal',
  selectors: { '&[hidden]': { display: 'none' } },
});
export const chipList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const found = style([stack.xxs, { fontSize: vars.fontSize.sm, flexBasis: '100%' }]);
export const foundGroup = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.xs });
export const ruleText = style({ margin: 0, fontSize: vars.fontSize.md, maxWidth: 760 });
export const table = style({ borderCollapse: 'collapse', fontSize: vars.fontSize.sm, width: '100%' });
export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
});
export const headCell = style([cell, { whiteSpace: 'nowrap', overflowWrap: 'normal' }]);
export const walked = style({ fontWeight: 700 });
export const notWalked = style({ fontWeight: 700, textDecoration: 'underline wavy' });
export const loader = style([stack.xs, { fontSize: vars.fontSize.sm, flexBasis: '100%' }]);
export const fields = style([stack.xxs, { margin: 0 }]);
export const fieldName = style({ fontWeight: 700, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' });
export const fieldValue = style({
  margin: `0 0 0 ${vars.space.md}`,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});
