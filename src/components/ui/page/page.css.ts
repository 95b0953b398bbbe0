import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** Shared page typography: one type scale for every feature. */
export const page = style({ display: 'flex', flexDirection: 'column', gap: 24 });
export const narrow = style({ maxWidth: 860 });
export const eyebrow = style({
  margin: 0,
  fontSize: 13,
  fontWeight: 700,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.accent,
});
export const title = style({
  margin: 0,
  fontSize: 'clamp(28px, 3vw, 36px)',
  lineHeight: 1.15,
  fontWeight: 800,
  letterSpacing: '-0.02em',
});
export const lead = style({ margin: 0, fontSize: 17, color: vars.color.textSecondary, maxWidth: 720 });
export const sectionTitle = style({ margin: 0, fontSize: 20, fontWeight: 700, letterSpacing: '-0.01em' });
export const muted = style({ color: vars.color.textSecondary });
export const card = style({
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: 24,
});
export const header = style({ display: 'flex', flexDirection: 'column', gap: 8 });
