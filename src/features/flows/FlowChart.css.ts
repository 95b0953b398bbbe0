import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { cluster, stack } from '../../components/ui/layout/layout.css';

export const root = style([stack.xs, { minWidth: 0, height: '100%' }]);
export const toolbar = cluster.xs;
export const viewport = style({
  position: 'relative',
  flex: 1,
  minHeight: 320,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.background,
  overflow: 'hidden',
  touchAction: 'none',
  cursor: 'grab',
  selectors: { '&[data-dragging="true"]': { cursor: 'grabbing' } },
});
export const svg = style({ display: 'block', width: '100%', height: '100%', userSelect: 'none' });
export const state = style({ fill: vars.color.card, stroke: vars.color.textSecondary, strokeWidth: 1.2 });
export const stateNested = style({ fill: vars.color.cardHover });
export const stateActive = style({ stroke: vars.color.accent, strokeWidth: 3.5 });
export const stateMatch = style({ stroke: vars.color.accent, strokeWidth: 2.5, strokeDasharray: '2 2' });
export const stateSelected = style({ fill: 'none', stroke: vars.color.text, strokeWidth: 1.5, strokeDasharray: '3 3' });
export const region = style({ strokeDasharray: '7 5' });
export const title = style({ fill: vars.color.text, fontWeight: 700 });
export const row = style({ fill: vars.color.textSecondary });
export const rowState = style({ fill: vars.color.text, fontWeight: 600 });
export const rowActive = style({ fill: vars.color.text, fontWeight: 800, textDecoration: 'underline' });
export const edge = style({ fill: 'none', stroke: vars.color.textSecondary, strokeWidth: 1.3 });
/** A wide transparent stroke so an edge is easy to hover. */
export const edgeHit = style({ fill: 'none', stroke: 'transparent', strokeWidth: 10, pointerEvents: 'stroke' });
export const always = style({ strokeDasharray: '5 4' });
export const walked = style({ stroke: vars.color.success, strokeWidth: 2.2 });
export const missing = style({ stroke: vars.color.danger, strokeWidth: 2.2 });
export const added = style({ stroke: '#1a7f37', strokeWidth: 3 });
export const removed = style({ stroke: '#cf222e', strokeWidth: 3, strokeDasharray: '6 4' });
export const changed = style({ stroke: '#bf8700', strokeWidth: 3 });
export const rowWalked = style({ fill: vars.color.success });
export const rowMissing = style({ fill: vars.color.danger });
export const labelBox = style({ fill: vars.color.background, opacity: 0.9 });
export const labelSendable = style({ fill: vars.color.background, stroke: vars.color.accent, strokeWidth: 1.5 });
export const labelText = style({ fill: vars.color.text });
export const labelMatch = style({ fill: vars.color.text, fontWeight: 800, textDecoration: 'underline' });
/** The hovered or clicked transition's own lines of a shared label. */
export const partLit = style({});
globalStyle(`${partLit} text`, { fontWeight: 800 });
export const labelAction = style({ fill: vars.color.textSecondary, fontStyle: 'italic' });
export const marker = style({ fill: vars.color.textSecondary });
export const arrow = style({ fill: vars.color.textSecondary });
export const dim = style({ opacity: 0.25 });
/** A hovered, clicked or focused edge: its line in the accent colour, its label bold. */
export const lit = style({});
globalStyle(`${lit} path:first-of-type`, { stroke: vars.color.accent, strokeWidth: 3 });
globalStyle(`${lit} text`, { fontWeight: 700 });
/** The layer of fold buttons over the drawing: it lets the pointer through except on a button. */
export const overlay = style({ position: 'absolute', inset: 0, pointerEvents: 'none' });
export const foldToggle = style({
  position: 'absolute',
  width: 22,
  height: 22,
  padding: 0,
  pointerEvents: 'auto',
  cursor: 'pointer',
  lineHeight: 1,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  background: vars.color.background,
  border: `1px solid ${vars.color.textSecondary}`,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1 } },
});
export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textSecondary });
export const legend = style([
  cluster.sm,
  { listStyle: 'none', margin: 0, padding: 0, fontSize: vars.fontSize.xs, color: vars.color.textSecondary },
]);
const key = {
  display: 'inline-block',
  width: 18,
  height: 0,
  verticalAlign: 'middle',
  marginRight: vars.space.xxs,
} as const;
export const keyActive = style({ ...key, height: 10, border: `3px solid ${vars.color.accent}`, borderRadius: 3 });
export const keyEdge = style({ ...key, borderTop: `2px solid ${vars.color.textSecondary}` });
export const keyDashed = style({ ...key, borderTop: `2px dashed ${vars.color.textSecondary}` });
export const keySendable = style({ ...key, height: 10, border: `2px solid ${vars.color.accent}` });
export const rowInputs = style({ fill: vars.color.textSecondary, fontStyle: 'italic' });
/** The show/hide button laid over a state's "N inputs handled here" line: the line is its face. */
export const inputsToggle = style({
  position: 'absolute',
  padding: 0,
  pointerEvents: 'auto',
  cursor: 'pointer',
  background: 'transparent',
  border: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { outline: `1px solid ${vars.color.border}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1 },
  },
});
