import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** Form pieces shared by the account pages, dialogs and settings. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: 16 });
export const field = style({ display: 'flex', flexDirection: 'column', gap: 6 });
export const label = style({ fontSize: 14, fontWeight: 600, color: vars.color.text });
export const input = style({
  minHeight: 40,
  padding: '0 12px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: 15,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1 } },
});
/** The red banner of spec §2 and §8. */
export const alert = style({
  padding: '10px 14px',
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: 14,
});
export const notice = style({
  padding: '10px 14px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.success}`,
  color: vars.color.text,
  fontSize: 14,
});
export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: 12,
  fontSize: 14,
});
export const link = style({
  color: vars.color.accent,
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'underline',
});
export const actions = style({ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' });
export const authCard = style({ width: '100%', maxWidth: 440, margin: '0 auto' });
