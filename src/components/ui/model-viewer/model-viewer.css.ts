import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** The viewer's box: the canvas fills it; 4:3, capped so it fits on a laptop screen. */
export const viewer = style({
  position: 'relative',
  width: '100%',
  aspectRatio: '4 / 3',
  maxHeight: 560,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  background: vars.color.background,
  // Drags turn the model instead of scrolling the page.
  touchAction: 'none',
  cursor: 'grab',
});
export const canvas = style({ display: 'block', width: '100%', height: '100%' });
export const problem = style({ position: 'absolute', inset: 'auto 12px 12px', margin: 0, color: vars.color.danger });
