/**
 * The compare page (COMPARE-3 to COMPARE-7): the creations in columns at 1280 px, one at a time in a strip that
 * snaps on a phone (nothing scrolls the page sideways), the slider's two pictures stacked, the table of differences.
 */
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, cluster, MOBILE, stack } from '../../components/ui/layout/layout.css';

export const root = style([stack.xl, { maxWidth: 1200, width: '100%', minWidth: 0 }]);
export const toolbar = style([cluster.sm, { justifyContent: 'space-between', alignItems: 'center' }]);
export const views = style([cluster.xs, { border: 'none', margin: 0, padding: 0 }]);
export const viewChoice = style([
  cluster.xxs,
  {
    alignItems: 'center',
    padding: `${vars.space.xs} ${vars.space.md}`,
    borderRadius: vars.radius.pill,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.card,
    cursor: 'pointer',
    selectors: { '&:has(input:checked)': { borderColor: vars.color.accent } },
  },
]);
export const message = style([card.compact, stack.md, { alignItems: 'flex-start' }]);
export const alert = style({
  margin: 0,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
});
export const muted = style({ margin: 0, color: vars.color.textSecondary });

/** Side by side: as many columns as creations at 1280 px; on a phone a strip of whole-width panes that snap. */
export const strip = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': {
    [MOBILE]: {
      gridAutoColumns: '100%',
      overflowX: 'auto',
      scrollSnapType: 'x mandatory',
      overscrollBehaviorX: 'contain',
    },
  },
});
export const pane = style([card.compact, stack.sm, { minWidth: 0, scrollSnapAlign: 'start' }]);
export const paneHead = style([stack.xxs, { minWidth: 0 }]);
export const paneTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 700 });
export const panePrompt = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const picture = style({
  display: 'block',
  width: '100%',
  maxHeight: '60vh',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
});
export const text = style({
  margin: 0,
  maxHeight: 480,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.xs,
});
export const prose = style({ maxHeight: 480, width: '100%' });
/** Previous / Next and '1 of 2' under the strip: on a phone only. */
export const stepper = style([
  cluster.sm,
  {
    justifyContent: 'space-between',
    alignItems: 'center',
    '@media': { 'screen and (min-width: 768px)': { display: 'none' } },
  },
]);

/** The slider: the two pictures in one box, the first whole, the second over it cut at the divider. */
export const slider = style([card.compact, stack.sm, { minWidth: 0 }]);
/** As wide as the page, but no taller than most of the screen for a square picture. */
export const stage = style({ position: 'relative', width: '100%', maxWidth: 'min(900px, 70vh)', marginInline: 'auto' });
export const under = style({ display: 'block', width: '100%', height: 'auto', borderRadius: vars.radius.md });
export const over = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
});
export const divider = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: 2,
  transform: 'translateX(-50%)',
  background: vars.color.accent,
  pointerEvents: 'none',
});
export const captions = style([cluster.sm, { justifyContent: 'space-between', fontSize: vars.fontSize.sm }]);
export const range = style({ width: '100%', accentColor: vars.color.accent });

/** The settings that differ: a row each, a column per creation; it scrolls within itself on a phone. */
export const differences = style([stack.sm, { minWidth: 0 }]);
export const tableBox = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});
globalStyle(`${table} tbody th`, { color: vars.color.textSecondary, fontWeight: 400 });
// The settings' names stay whole words ('Setting', 'Negative prompt'); the values may break anywhere.
globalStyle(`${table} th`, { overflowWrap: 'normal' });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lead, fontWeight: 700 });
export { srOnly } from '../../components/ui/page/page.css';
