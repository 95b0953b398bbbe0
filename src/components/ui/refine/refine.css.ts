import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { cluster } from '../layout/layout.css';

/** Upscale 2× and Vary (or the Vary choice) in one wrapping row, with what the last start did below. */
export const refine = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const row = cluster.xs;
export const note = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textSecondary });
export const alert = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  background: vars.color.danger,
  color: vars.color.dangerText,
});
