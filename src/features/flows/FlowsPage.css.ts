import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, cluster, stack } from '../../components/ui/layout/layout.css';

export const machineGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: vars.space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const machineCard = style([
  card.compact,
  stack.xs,
  {
    height: '100%',
    textDecoration: 'none',
    selectors: {
      '&:hover': { background: vars.color.cardHover },
      '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    },
  },
]);
export const machineName = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
export const group = stack.sm;
export const groupTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 });
/**
 * A machine's page at 1280×800: the title line on top, then the machine list, the full-height chart and
 * the side panels (step, state, input, documents) side by side, so the events to click and the chart
 * are on the first screen together. Narrow screens stack them.
 */
export const workspace = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 320px',
  gridTemplateRows: 'auto auto minmax(0, 1fr)',
  gridTemplateAreas: '"head head" "nav nav" "chart side"',
  gap: vars.space.sm,
  height: 'calc(100dvh - 80px)',
  minHeight: 520,
  '@media': {
    '(max-width: 1100px)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateRows: 'auto',
      gridTemplateAreas: '"head" "nav" "chart" "side"',
      height: 'auto',
    },
  },
});
export const head = style({
  gridArea: 'head',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.sm,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const lead = style({
  margin: 0,
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.sm,
  flex: '1 1 320px',
});
/** One scrolling row of machine names above the chart. */
export const switcherNav = style({ gridArea: 'nav', overflowX: 'auto', minWidth: 0 });
export const chartArea = style([
  stack.xs,
  {
    gridArea: 'chart',
    minWidth: 0,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    '@media': { '(max-width: 1100px)': { height: '75vh' } },
  },
]);
export const side = style([
  stack.md,
  {
    gridArea: 'side',
    minWidth: 0,
    minHeight: 0,
    overflowY: 'auto',
    '@media': { '(max-width: 1100px)': { overflowY: 'visible' } },
  },
]);
export const stateDetails = stack.xs;
export const search = style({ flex: '1 1 160px', maxWidth: 260 });
export const searchInput = style({
  width: '100%',
  boxSizing: 'border-box',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const switcher = style({
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space.xxxs} 0 ${vars.space.xs}`,
  display: 'flex',
  gap: vars.space.xxs,
  whiteSpace: 'nowrap',
});
/** One group of the switcher: its name, then its machines. */
export const switcherGroup = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxs });
export const switcherLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  color: vars.color.textSecondary,
  marginLeft: vars.space.sm,
});
export const chip = style({
  display: 'inline-block',
  padding: `${vars.space.xxxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.button,
      color: vars.color.buttonText,
      borderColor: 'transparent',
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { '(max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const panel = style([card.compact, stack.md, { minWidth: 0 }]);
export const panelHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.sm,
});
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const subTitle = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.md, fontWeight: 700 });
export const current = style({ margin: 0, overflowWrap: 'anywhere' });
export const muted = style({
  margin: 0,
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
export const plainList = style([stack.sm, { listStyle: 'none', margin: 0, padding: 0 }]);
export const control = style([stack.xs, { alignItems: 'flex-start', minWidth: 0 }]);
export const row = cluster.xs;
export const details = style({ fontSize: vars.fontSize.sm, color: vars.color.textSecondary, width: '100%' });
export const field = style([stack.xxs, { fontSize: vars.fontSize.xs, width: '100%' }]);
export const textarea = style({
  width: '100%',
  boxSizing: 'border-box',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
});
export const effects = style([stack.xxxs, { margin: 0, paddingLeft: vars.space.xl, fontSize: vars.fontSize.sm }]);
export const stateList = style([
  stack.xxxs,
  { margin: 0, paddingLeft: 0, listStyle: 'none', fontSize: vars.fontSize.sm },
]);
export const stateLink = style({
  color: vars.color.text,
  selectors: { '&[data-selected="true"]': { fontWeight: 700 }, '&[data-active="true"]': { color: vars.color.accent } },
});
export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});
export const live = cluster.md;
export const stepRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, flexWrap: 'wrap' });
export const eventList = style([stack.xxs, { listStyle: 'none', margin: 0, padding: 0 }]);
export const eventRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });
/** An event's button, a size smaller than the page's small ones (still past the 24 px target), so a machine's
 * whole list of events stays on the first screen beside the chart. */
export const eventButton = style({ minHeight: 28, padding: `0 ${vars.space.sm}` });
export const eventDetails = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textSecondary,
  selectors: { '&[open]': { flexBasis: '100%' } },
});
