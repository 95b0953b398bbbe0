import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** A phone's width and the wider screens: the shell's one breakpoint, for every feature's media queries. */
export const MOBILE = 'screen and (max-width: 767.98px)';
export const DESKTOP = 'screen and (min-width: 768px)';

/**
 * The one card, stack and cluster of every feature. A feature composes them with what is its own:
 * `style([card.padded, stack.lg, { maxWidth: 960 }])`.
 */
const plain = style({
  background: vars.color.card,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
const surface = style([plain, { borderRadius: vars.radius.lg, boxShadow: vars.shadow.card }]);

export const card = styleVariants({
  /** No padding: a card whose picture or preview runs to its edges. */
  flush: [surface, { overflow: 'hidden' }],
  /** A small card on a page or inside another card: a smaller radius, no shadow (a notice, a badge). */
  inset: [plain, { padding: vars.space.md }],
  /** A small card whose picture runs to its edges (a tile). */
  insetFlush: [plain, { overflow: 'hidden' }],
  compact: [surface, { padding: vars.space.lg }],
  padded: [surface, { padding: vars.space.xxl }],
  /** Padded, and compact on a phone's width. */
  fluid: [
    surface,
    { padding: vars.space.xxl, '@media': { 'screen and (max-width: 480px)': { padding: vars.space.lg } } },
  ],
});

/** The steps of the space scale that space a stack or cluster's children (the larger ones pad pages). */
const rhythmSteps = ['xxxs', 'xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
type RhythmStep = (typeof rhythmSteps)[number];
const rhythm = Object.fromEntries(rhythmSteps.map((step) => [step, vars.space[step]])) as Record<RhythmStep, string>;

/** Vertical rhythm: children in a column, `gap` from the space scale (`stack.lg`). */
export const stack = styleVariants(rhythm, (gap) => ({ display: 'flex', flexDirection: 'column', gap }));

/** A wrapping row: children side by side, centred on one line, wrapping when the width runs out (`cluster.sm`). */
export const cluster = styleVariants(rhythm, (gap) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap,
}));
