import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card as uiCard, stack } from '../../components/ui/layout/layout.css';

export const search = style({
  width: '100%',
  maxWidth: 420,
  height: 46,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: {
    '&::placeholder': { color: vars.color.textSecondary },
    '&:focus': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1, borderColor: 'transparent' },
  },
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
  gap: vars.space.lg,
});

export const card = style([
  uiCard.flush,
  {
    display: 'flex',
    flexDirection: 'column',
    transition: 'transform 160ms ease, box-shadow 160ms ease',
    selectors: {
      '&:hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.raised },
      '&[data-active=true]': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -1 },
    },
    '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  },
]);

/** A miniature of the theme itself: its own colours, not the page's. */
export const preview = style({ display: 'flex', height: 92, padding: vars.space.md, gap: vars.space.sm });
export const previewSidebar = style({
  width: 34,
  borderRadius: 6,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.xs,
});
export const previewLine = style({ height: 4, borderRadius: 2 });
export const previewMain = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const previewCard = style({
  flex: 1,
  borderRadius: 6,
  padding: vars.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  border: '1px solid',
});
export const previewButton = style({ width: 38, height: 12, borderRadius: 4, marginTop: 'auto' });

export const body = style([stack.xs, { padding: `${vars.space.md} ${vars.space.lg} ${vars.space.lg}`, flex: 1 }]);
export const name = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
export const description = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textSecondary, flex: 1 });
export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  marginTop: vars.space.sm,
});
export const swatches = style({ display: 'flex' });
export const swatch = style({
  width: 18,
  height: 18,
  borderRadius: '50%',
  border: `2px solid ${vars.color.card}`,
  // Keeps a swatch visible when it matches the card it sits on.
  boxShadow: 'inset 0 0 0 1px rgba(127, 127, 127, 0.35)',
  marginLeft: `calc(-1 * ${vars.space.xxs})`,
  selectors: { '&:first-child': { marginLeft: 0 } },
});
export const active = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: 34,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 700,
  color: vars.color.success,
});

export const empty = style({
  padding: `${vars.space.huge} ${vars.space.xxl}`,
  textAlign: 'center',
  color: vars.color.textSecondary,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
