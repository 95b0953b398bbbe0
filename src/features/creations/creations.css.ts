import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { toggleRule } from '../../components/ui/button/button.css';
import { card as uiCard, cluster, MOBILE, stack } from '../../components/ui/layout/layout.css';

export const root = style([stack.xl, { maxWidth: 1200, width: '100%' }]);
export const chips = style([cluster.sm, { border: 'none', margin: 0, padding: 0 }]);
export const chip = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  ...toggleRule,
  background: vars.color.card,
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
/**
 * The gallery (CREATIONS-16): tiles of about 130 px, their pictures 4:3, so a 1280×800 screen shows three whole
 * rows of seven (at least 20 runs) under the toolbar; two columns on a phone.
 */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(124px, 1fr))',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const tile = style([
  uiCard.flush,
  {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xxxs,
    minWidth: 0,
    paddingBottom: vars.space.xs,
    overflow: 'visible',
  },
]);
export const thumb = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '4 / 3',
  background: vars.color.input,
  color: vars.color.textSecondary,
  textDecoration: 'none',
  overflow: 'hidden',
  borderStartStartRadius: 'inherit',
  borderStartEndRadius: 'inherit',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -2 } },
});
/** The skeleton of a tile while the first page loads: the same box, its picture and lines shaded. */
export const skeletonTile = style([
  uiCard.flush,
  { display: 'grid', gap: vars.space.xs, paddingBottom: vars.space.sm },
]);
export const skeletonPicture = style({ aspectRatio: '4 / 3', background: vars.color.input });
export const skeletonLine = style({
  height: vars.space.sm,
  marginInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.input,
});
export const cardHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  alignItems: 'baseline',
});
/** A tile's lines keep to its width: one line each, the rest in the title attribute and on the run's page. */
const tileLine = {
  margin: 0,
  paddingInline: vars.space.sm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
export const toolName = style({
  ...tileLine,
  paddingInline: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});
/**
 * The whole prompt over the tile's picture while the tile is hovered or holds the focus (the link's description
 * at all times): a panel from the picture's top, as tall as the prompt needs, over the tiles below if it must.
 */
export const prompt = style({
  display: 'none',
  position: 'absolute',
  insetInline: 0,
  top: 0,
  zIndex: 2,
  minHeight: '40%',
  margin: 0,
  padding: vars.space.sm,
  // Below the corner's Download and Delete, which stay usable over it.
  paddingTop: `calc(${vars.space.xxxl} + ${vars.space.xs})`,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  color: vars.color.text,
  background: vars.color.card,
  borderBottom: `1px solid ${vars.color.border}`,
  borderStartStartRadius: 'inherit',
  borderStartEndRadius: 'inherit',
  pointerEvents: 'none',
  selectors: { [`${tile}:hover &, ${tile}:focus-within &`]: { display: 'block' } },
});
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.xs}`,
  margin: 0,
  paddingInline: vars.space.xs,
  fontSize: vars.fontSize.xxs,
  color: vars.color.textSecondary,
});
export const status = style({
  fontWeight: 700,
  selectors: {
    '&[data-status="succeeded"]': { color: vars.color.success },
    '&[data-status="failed"], &[data-status="canceled"]': { color: vars.color.danger },
  },
});
export const preview = style({
  display: 'block',
  width: '100%',
  maxHeight: '70vh',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
});
export const audio = style({ width: '100%' });
export const text = style({
  margin: 0,
  maxHeight: 160,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  fontSize: vars.fontSize.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.input,
});
/** A text creation's words (src/components/ui/prose), scrolled within the stage when long. */
export const prose = style({ maxHeight: 480, width: '100%' });
export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: 120,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
  padding: vars.space.md,
});
export const actions = style([cluster.xs, { marginTop: 'auto' }]);
/** A tile's Download and Delete, over its picture's corner. */
export const tileActions = style({
  position: 'absolute',
  top: vars.space.xs,
  right: vars.space.xs,
  zIndex: 3,
  marginTop: 0,
  gap: vars.space.xxs,
});
/** A tile's icon buttons: square, as tall as a line of text and a half. */
export const iconAction = style({
  minHeight: 28,
  minWidth: 28,
  padding: 0,
  borderRadius: vars.radius.sm,
  display: 'inline-grid',
  placeItems: 'center',
});
/** A creation's own page: the output large beside (or, on a phone, above) what it was made from. */
export const detail = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 2fr)',
  gap: vars.space.xxl,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const stage = style([uiCard.compact, { minWidth: 0 }]);
export const about = style([uiCard.compact, stack.md, { minWidth: 0 }]);
export const detailTitle = style({ margin: 0, fontSize: vars.fontSize.lead, fontWeight: 700 });
export const detailPrompt = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
export const params = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xxs} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});
export const param = style({ display: 'contents' });
globalStyle(`${param} dt`, { color: vars.color.textSecondary });
globalStyle(`${param} dd`, { margin: 0, overflowWrap: 'anywhere' });
export const uploads = stack.xs;
export const uploadsTitle = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 700 });
export const uploadList = style([cluster.sm, { listStyle: 'none', margin: 0, padding: 0 }]);
export const upload = style({
  width: 96,
  height: 96,
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const alert = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
});
export const empty = style({ color: vars.color.textSecondary });

/** A creation's public link (SHARE-4): the read-only field, its note and the Copy link word. */
export const share = style({ display: 'grid', gap: vars.space.sm });
export const shareLabel = style({ margin: 0, color: vars.color.textSecondary, fontSize: vars.fontSize.sm });
export const shareField = style({
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
export const copied = style({ color: vars.color.textSecondary, fontSize: vars.fontSize.sm, alignSelf: 'center' });
/** The toolbar (CREATIONS-17): its row, and More filters' row below it when open. */
export const toolbar = style([stack.sm]);
/** The list's tools in one wrapping row: the search, the categories, Select. */
export const toolbarRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.md}`,
});
/** CREATIONS-8: the search, of one width whatever opens or shows beside it, More filters and Clear filters. */
export const searchBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flex: '0 1 auto',
  minWidth: 0,
  '@media': { [MOBILE]: { flex: '1 1 100%', flexWrap: 'wrap' } },
});
export const searchField = style({
  display: 'block',
  flex: 'none',
  width: '16rem',
  '@media': { [MOBILE]: { width: '100%' } },
});
export const moreFields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
  alignItems: 'end',
  gap: vars.space.md,
  maxWidth: '48rem',
});
export { srOnly } from '../../components/ui/page/page.css';
export const filterField = style([stack.xs, { minWidth: 0 }]);
/** CREATIONS-10: Select mode's bar. */
export const selectBar = style([cluster.sm, { alignItems: 'center' }]);
export const count = style({ fontSize: vars.fontSize.sm, color: vars.color.text, fontWeight: 600 });
/** In Select mode, the checkbox over the picture's corner (the tiles keep their height). */
export const selectBox = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  zIndex: 3,
  display: 'flex',
  alignItems: 'center',
  padding: vars.space.xxs,
  borderRadius: vars.radius.sm,
  background: vars.color.card,
});
globalStyle(`${selectBox} input`, { width: 20, height: 20, margin: 0 });
/** Over the picture, the tile's icon buttons keep a ground of their own. */
globalStyle(`${tileActions} ${iconAction}`, {
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
});
globalStyle(`${searchField} input`, { width: '100%', boxSizing: 'border-box' });
/** CREATIONS-18: Previous and Next above a creation's page, each at its side. */
export const neighbours = style({
  gridColumn: '1 / -1',
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
/** A side without a creation: its place kept (Next stays at the right), unseen. */
export const neighbourOff = style({ visibility: 'hidden' });
/** COLLECT-4: the sentence of the last Star or Add to collection. */
export const collectNotice = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text });
/** COLLECT-4: the Add to collection dialog's checkboxes, one a line, and its new name with Create. */
export const collectChoices = style([stack.xs, { border: 'none', margin: 0, padding: 0, minWidth: 0 }]);
export const collectChoice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  overflowWrap: 'anywhere',
});
export const collectNew = style([stack.xs, { marginTop: vars.space.md }]);
export const collectNewRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });
