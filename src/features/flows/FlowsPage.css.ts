import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const machineGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: 12,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
export const machineCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  height: '100%',
  padding: 16,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.cardHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
export const machineName = style({ margin: 0, fontSize: 16, fontWeight: 700 });
export const switcher = style({ display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', margin: 0, padding: 0 });
export const chip = style({
  display: 'inline-block',
  padding: '6px 10px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontSize: 14,
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
  gap: 16,
  alignItems: 'start',
  '@media': { '(max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
  minWidth: 0,
  padding: 16,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
});
export const panelHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 });
export const panelTitle = style({ margin: 0, fontSize: 18, fontWeight: 700 });
export const subTitle = style({ margin: '6px 0 0', fontSize: 15, fontWeight: 700 });
export const current = style({ margin: 0, overflowWrap: 'anywhere' });
export const muted = style({ margin: 0, color: vars.color.textSecondary, fontSize: 14, overflowWrap: 'anywhere' });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: 14 });
export const plainList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
});
export const control = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  alignItems: 'flex-start',
  minWidth: 0,
});
export const row = style({ display: 'flex', gap: 6, flexWrap: 'wrap' });
export const details = style({ fontSize: 14, color: vars.color.textSecondary, width: '100%' });
export const field = style({ display: 'flex', flexDirection: 'column', gap: 4, fontSize: 13, width: '100%' });
export const textarea = style({
  width: '100%',
  boxSizing: 'border-box',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: 13,
  padding: 8,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
});
export const effects = style({
  margin: 0,
  paddingLeft: 20,
  fontSize: 14,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});
export const stateList = style({
  margin: 0,
  paddingLeft: 0,
  listStyle: 'none',
  fontSize: 14,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});
export const stateLink = style({
  color: vars.color.text,
  selectors: { '&[data-selected="true"]': { fontWeight: 700 }, '&[data-active="true"]': { color: vars.color.accent } },
});
export const check = style({ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 14 });
export const live = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 });
