import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { cluster, stack } from '../../components/ui/layout/layout.css';

export const root = style([stack.sm, { minWidth: 0 }]);
export const toolbar = cluster.xs;
export const viewport = style({
  position: 'relative',
  height: 'min(560px, 70vh)',
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
export const stateSelected = style({ fill: 'none', stroke: vars.color.text, strokeWidth: 1.5, strokeDasharray: '3 3' });
export const region = style({ strokeDasharray: '7 5' });
export const title = style({ fill: vars.color.text, fontWeight: 700 });
export const row = style({ fill: vars.color.textSecondary });
export const edge = style({ fill: 'none', stroke: vars.color.textSecondary, strokeWidth: 1.3 });
export const always = style({ strokeDasharray: '5 4' });
export const walked = style({ stroke: vars.color.success, strokeWidth: 2.2 });
export const missing = style({ stroke: vars.color.danger, strokeWidth: 2.2 });
export const rowWalked = style({ fill: vars.color.success });
export const rowMissing = style({ fill: vars.color.danger });
export const labelBox = style({ fill: vars.color.background, opacity: 0.9 });
export const labelText = style({ fill: vars.color.text });
export const marker = style({ fill: vars.color.textSecondary });
export const arrow = style({ fill: vars.color.textSecondary });
export const hint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textSecondary });
