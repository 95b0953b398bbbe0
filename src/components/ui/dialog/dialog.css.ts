import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { MOBILE } from '../layout/layout.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.97)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});
const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: 50,
  animation: `${fadeIn} 150ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const content = style({
  position: 'fixed',
  zIndex: 51,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(92vw, 440px)',
  maxHeight: '88vh',
  overflowY: 'auto',
  background: vars.color.card,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xxl,
  animation: `${popIn} 160ms ease-out`,
  ':focus': { outline: 'none' },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** A panel pinned to the left edge: the mobile navigation drawer. */
export const drawer = style({
  position: 'fixed',
  zIndex: 51,
  top: 0,
  bottom: 0,
  left: 0,
  width: 'min(84vw, 300px)',
  overflowY: 'auto',
  background: vars.color.sidebar,
  color: vars.color.text,
  borderRight: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  padding: 0,
  animation: `${slideIn} 180ms ease-out`,
  ':focus': { outline: 'none' },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

const fromRight = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } });
const fromBottom = keyframes({ from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } });

/**
 * A non-modal panel at the right edge, under the desktop header (64 px: its buttons stay in reach) and over the
 * page's right part only; on phones (the shell's breakpoint) a sheet along the bottom that leaves the top of the
 * page and its top bar in view.
 */
export const sheet = style({
  position: 'fixed',
  zIndex: 51,
  top: 64,
  bottom: 0,
  right: 0,
  width: 'min(92vw, 400px)',
  overflowY: 'auto',
  background: vars.color.card,
  color: vars.color.text,
  borderLeft: `1px solid ${vars.color.border}`,
  borderTop: `1px solid ${vars.color.border}`,
  borderTopLeftRadius: vars.radius.lg,
  boxShadow: vars.shadow.raised,
  padding: vars.space.xl,
  animation: `${fromRight} 180ms ease-out`,
  ':focus': { outline: 'none' },
  '@media': {
    [MOBILE]: {
      top: 'auto',
      left: 0,
      width: 'auto',
      maxHeight: '60vh',
      borderLeft: 'none',
      borderRadius: `${vars.radius.lg} ${vars.radius.lg} 0 0`,
      padding: vars.space.lg,
      animation: `${fromBottom} 180ms ease-out`,
    },
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});
export const headings = style({ flex: 1, minWidth: 0 });
export const title = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: 700, lineHeight: 1.3 });
export const description = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textSecondary,
});
export { srOnly } from '../page/page.css';

export const close = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  borderRadius: vars.radius.sm,
  border: 'none',
  background: 'transparent',
  color: vars.color.textSecondary,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.input, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});

/** In the drawer the heading is hidden, so the close button floats in the corner instead of taking a row. */
export const floatingClose = style([close, { position: 'absolute', top: 14, right: 12, zIndex: 1 }]);

/** A confirmation's two buttons: Cancel, then the action, at the end of the row. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  justifyContent: 'flex-end',
  marginTop: vars.space.lg,
});
