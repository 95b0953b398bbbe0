import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

import { MOBILE } from '../../components/ui/layout/layout.css';

export const root = style({ display: 'flex', minHeight: '100vh', background: vars.color.background });

export const aside = style({
  position: 'sticky',
  top: 0,
  height: '100vh',
  flex: 'none',
  width: 256,
  background: vars.color.sidebar,
  borderRight: `1px solid ${vars.color.border}`,
  transition: 'width 180ms ease',
  overflowY: 'auto',
  overflowX: 'hidden',
  selectors: { '&[data-collapsed=true]': { width: 64 }, '&[data-away]': { display: 'none' } },
  '@media': {
    [MOBILE]: { display: 'none' },
    '(prefers-reduced-motion: reduce)': { transition: 'none' },
  },
});

export const column = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });

export const topBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  display: 'none',
  alignItems: 'center',
  gap: vars.space.md,
  height: 56,
  padding: `0 ${vars.space.md}`,
  background: vars.color.sidebar,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [MOBILE]: { display: 'flex' } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  height: 64,
  padding: `0 ${vars.space.xxxl}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[data-wide]': { height: 48, padding: `0 ${vars.space.lg}` } },
  '@media': { [MOBILE]: { display: 'none' } },
});

/** The way home in the header where the sidebar folds away (the flows viewer). */
export const headerHome = style({ marginRight: 'auto' });

/** The header's account area (balance and plan link, or Sign In and Register). */
export const headerAccount = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  flex: 'none',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.cardHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});

export const brandLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  textDecoration: 'none',
  fontWeight: 800,
  fontSize: vars.fontSize.lg,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  minWidth: 0,
});

export const topBarSpacer = style({ flex: 1 });

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: 1800,
  margin: '0 auto',
  padding: `${vars.space.xxxl} ${vars.space.xxxl} ${vars.space.vast}`,
  // Focused by the skip link only; no ring around the whole page.
  outline: 'none',
  selectors: { '&[data-wide]': { maxWidth: 'none', padding: vars.space.lg } },
  '@media': { [MOBILE]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.huge}` } },
});

export const balance = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: 34,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.text,
  whiteSpace: 'nowrap',
});

/** Out of sight until focused: the first Tab stop jumps past the navigation to the page. */
export const skipLink = style({
  position: 'absolute',
  left: 12,
  top: -48,
  zIndex: 100,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.button,
  color: vars.color.buttonText,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:focus': { top: 12 } },
});
