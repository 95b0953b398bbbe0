import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, cluster, stack } from '../../components/ui/layout/layout.css';

/** RUNS-24: the last batch's tiles, below its form. */
export const section = style([card.fluid, stack.lg]);
export const head = style([cluster.sm, { justifyContent: 'space-between', alignItems: 'center' }]);
export const title = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700, color: vars.color.text });
/** As many tiles on a row as fit (one on a phone), in the order of the prompts. */
export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
});
export const tile = style([card.inset, stack.sm, { minWidth: 0, background: vars.color.background }]);
/** The picture, clip or sound: square-ish, so the tiles of a row line up. */
export const media = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
});
export const player = style({ display: 'block', width: '100%' });
export const prompt = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600, overflowWrap: 'anywhere' });
export const state = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textSecondary });
export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text });
export const actions = style([cluster.sm, { alignItems: 'center' }]);
