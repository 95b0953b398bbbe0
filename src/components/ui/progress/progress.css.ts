import { keyframes, style } from '@vanilla-extract/css';
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
const sweep = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });
/**
 * No percentage reported: a stripe moving across says the run works, not how far; with reduced motion, still
 * diagonal stripes the whole width (never a bar that looks full).
 */
export const barUnknown = style({
  height: '100%',
  width: '40%',
  background: vars.color.accent,
  animation: `${sweep} 1.4s ease-in-out infinite`,
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animation: 'none',
      width: '100%',
      background: `repeating-linear-gradient(135deg, ${vars.color.accent} 0 6px, transparent 6px 12px)`,
    },
  },
});
