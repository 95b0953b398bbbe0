import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { cluster, stack } from '../layout/layout.css';

/** Form pieces shared by the account pages, dialogs and settings. */
export const form = stack.lg;
export const field = stack.xs;
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.text });
export const input = style({
  minHeight: 40,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1 } },
});
/** The red banner of errors (TOOL-1). */
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: vars.fontSize.sm,
});
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.success}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
});
export const link = style({
  color: vars.color.accent,
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'underline',
});
export const actions = cluster.md;
export const authCard = style({ width: '100%', maxWidth: 440, margin: '0 auto' });
