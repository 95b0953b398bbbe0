import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, cluster } from '../../components/ui/layout/layout.css';

const drift = keyframes({
  '0%': { transform: 'translate(0, 0) scale(1)' },
  '50%': { transform: 'translate(6%, -8%) scale(1.12)' },
  '100%': { transform: 'translate(0, 0) scale(1)' },
});
const driftBack = keyframes({
  '0%': { transform: 'translate(0, 0) scale(1.05)' },
  '50%': { transform: 'translate(-8%, 6%) scale(0.95)' },
  '100%': { transform: 'translate(0, 0) scale(1.05)' },
});

export const hero = style([
  card.flush,
  {
    position: 'relative',
    isolation: 'isolate',
    borderRadius: vars.radius.xl,
    padding: `clamp(${vars.space.xxl}, 4vw, ${vars.space.huge})`,
  },
]);

const blobBase = style({
  position: 'absolute',
  zIndex: -1,
  borderRadius: '50%',
  // A soft glow drawn as a gradient: a blur filter over the same area made the first paint wait for
  // its rasterisation (most of a frame on a slow phone's CPU).
  opacity: 0.45,
  animationDuration: '14s',
  animationTimingFunction: 'ease-in-out',
  animationIterationCount: 'infinite',
  selectors: { [`${hero}[data-paused=true] &`]: { animationPlayState: 'paused' } },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const blobA = style([
  blobBase,
  {
    width: 560,
    height: 560,
    top: -230,
    right: -150,
    background: `radial-gradient(closest-side, ${vars.color.button} 45%, transparent)`,
    animationName: drift,
  },
]);
export const blobB = style([
  blobBase,
  {
    width: 500,
    height: 500,
    bottom: -270,
    right: 'calc(30% - 70px)',
    background: `radial-gradient(closest-side, ${vars.color.accent} 40%, transparent)`,
    opacity: 0.3,
    animationName: driftBack,
    animationDuration: '18s',
  },
]);

export const content = style({
  position: 'relative',
  maxWidth: 680,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const headline = style({
  margin: 0,
  fontSize: vars.fontSize.hero,
  lineHeight: 1.08,
  fontWeight: 800,
  letterSpacing: '-0.03em',
});

export const sub = style({
  margin: 0,
  fontSize: vars.fontSize.heroLead,
  color: vars.color.textSecondary,
  maxWidth: 560,
});

export const actions = style([cluster.md, { marginTop: vars.space.sm }]);

export const cta = style({ minHeight: 48, padding: `0 ${vars.space.xxl}`, fontSize: vars.fontSize.body });

export const pause = style({
  position: 'absolute',
  top: 16,
  right: 16,
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.cardHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
