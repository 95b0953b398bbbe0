import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** The players' bar: controls, seek bar and time in one row, in the theme's card colours. */
export const player = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});

export const control = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.button,
  color: vars.color.buttonText,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    '&[aria-pressed="true"]': { background: vars.color.input, color: vars.color.text },
  },
});

export const seek = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  minHeight: 40,
  cursor: 'pointer',
  touchAction: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    '&[aria-disabled="true"]': { cursor: 'default' },
  },
});

export const wave = style({ width: '100%', height: 40, display: 'block' });
export const barPlayed = style({ fill: vars.color.accent });
export const barAhead = style({ fill: vars.color.textSecondary, opacity: 0.55 });

export const track = style({
  position: 'relative',
  width: '100%',
  height: 6,
  borderRadius: vars.radius.pill,
  background: vars.color.input,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const trackPlayed = style({ height: '100%', background: vars.color.accent });

export const time = style({
  flex: 'none',
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.sm,
  color: vars.color.textSecondary,
  whiteSpace: 'nowrap',
});

export const videoFrame = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
  selectors: { '&:fullscreen': { justifyContent: 'center', background: 'black', padding: vars.space.md } },
});
export const video = style({
  display: 'block',
  width: '100%',
  maxHeight: '70vh',
  borderRadius: vars.radius.md,
  background: 'black',
  cursor: 'pointer',
  selectors: { [`${videoFrame}:fullscreen &`]: { maxHeight: 'none', flex: 1, minHeight: 0 } },
});
