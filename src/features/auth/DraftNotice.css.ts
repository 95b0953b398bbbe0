import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

// A line above the page's first block, as the location notice: the way back, and Dismiss at its end.
export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.success}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
