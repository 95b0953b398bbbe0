import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** A progress bar's track (the element with role="progressbar") and its fill, sized by its width in percent. */
export const track = style({
  height: 10,
  borderRadius: vars.radius.pill,
  background: vars.color.input,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const bar = style({
  height: '100%',
  background: vars.color.accent,
  transition: 'width 300ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
