import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, stack } from '../../components/ui/layout/layout.css';

/** The strip keeps one height while it loads and once it has its tiles: it moves the tools below it once. */
const TILE = 112;

export const strip = stack.md;
export const head = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
export const seeAll = style({ color: vars.color.accent, fontSize: vars.fontSize.sm, fontWeight: 600 });
export const row = style({
  display: 'flex',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space.xs}`,
  overflowX: 'auto',
  minHeight: TILE + 6,
});
export const tile = style([card.insetFlush, { flex: `0 0 ${TILE}px`, height: TILE }]);
export const link = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: '100%',
  color: vars.color.textSecondary,
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -2 } },
});
