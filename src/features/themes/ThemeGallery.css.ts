import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const search = style({
  width: '100%',
  maxWidth: 420,
  height: 46,
  padding: '0 16px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: 15,
  selectors: {
    '&::placeholder': { color: vars.color.textSecondary },
    '&:focus': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1, borderColor: 'transparent' },
  },
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
  gap: 16,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  transition: 'transform 160ms ease, box-shadow 160ms ease',
  selectors: {
    '&:hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.raised },
    '&[data-active=true]': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -1 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** A miniature of the theme itself: its own colours, not the page's. */
export const preview = style({ display: 'flex', height: 92, padding: 10, gap: 8 });
export const previewSidebar = style({
  width: 34,
  borderRadius: 6,
  display: 'flex',
  flexDirection: 'column',
  gap: 5,
  padding: 6,
});
export const previewLine = style({ height: 4, borderRadius: 2 });
export const previewMain = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: 6 });
export const previewCard = style({
  flex: 1,
  borderRadius: 6,
  padding: 8,
  display: 'flex',
  flexDirection: 'column',
  gap: 5,
  border: '1px solid',
});
export const previewButton = style({ width: 38, height: 12, borderRadius: 4, marginTop: 'auto' });

export const body = style({ display: 'flex', flexDirection: 'column', gap: 6, padding: '14px 16px 16px', flex: 1 });
export const name = style({ margin: 0, fontSize: 16, fontWeight: 700 });
export const description = style({ margin: 0, fontSize: 13, color: vars.color.textSecondary, flex: 1 });
export const footer = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginTop: 8 });
export const swatches = style({ display: 'flex' });
export const swatch = style({
  width: 18,
  height: 18,
  borderRadius: '50%',
  border: `2px solid ${vars.color.card}`,
  // Keeps a swatch visible when it matches the card it sits on.
  boxShadow: 'inset 0 0 0 1px rgba(127, 127, 127, 0.35)',
  marginLeft: -5,
  selectors: { '&:first-child': { marginLeft: 0 } },
});
export const active = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: 34,
  padding: '0 12px',
  borderRadius: vars.radius.sm,
  fontSize: 14,
  fontWeight: 700,
  color: vars.color.success,
});

export const empty = style({
  padding: '48px 24px',
  textAlign: 'center',
  color: vars.color.textSecondary,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
