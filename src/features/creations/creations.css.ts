import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: 24, maxWidth: 1200, width: '100%' });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: 8, border: 'none', margin: 0, padding: 0 });
export const chip = style({
  padding: '6px 14px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.text,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: 16,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  padding: 16,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  minWidth: 0,
});
export const cardHead = style({ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' });
export const toolName = style({ margin: 0, fontSize: 16, fontWeight: 700 });
export const prompt = style({
  margin: 0,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 12px',
  margin: 0,
  fontSize: 13,
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
  maxHeight: 260,
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
  fontSize: 13,
  padding: 12,
  borderRadius: vars.radius.md,
  background: vars.color.input,
});
export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: 120,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textSecondary,
  fontSize: 14,
  textAlign: 'center',
  padding: 12,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginTop: 'auto' });
export const alert = style({
  padding: '12px 16px',
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
});
export const empty = style({ color: vars.color.textSecondary });
export const dialogActions = style({ display: 'flex', gap: 12, justifyContent: 'flex-end', marginTop: 16 });
