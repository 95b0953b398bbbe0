import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { stack } from '../layout/layout.css';

/** Shared page typography, on the theme's type scale (vars.fontSize). A page is a stack of its blocks. */
export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxl });
export const narrow = style({ maxWidth: 860 });
export const eyebrow = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.accent,
});
export const title = style({
  margin: 0,
  fontSize: vars.fontSize.title,
  lineHeight: 1.15,
  fontWeight: 800,
  letterSpacing: '-0.02em',
});
export const lead = style({ margin: 0, fontSize: vars.fontSize.lead, color: vars.color.textSecondary, maxWidth: 720 });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700, letterSpacing: '-0.01em' });
export const muted = style({ color: vars.color.textSecondary });
export const header = stack.sm;

/** Read by screen readers only: a label or a status the picture already says on screen. */
export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
