import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: 32,
  alignItems: 'center',
  '@media': { 'screen and (max-width: 900px)': { gridTemplateColumns: '1fr' } },
});

export const figure = style({
  margin: 0,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  aspectRatio: '16 / 10',
});

export const cost = style({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '6px 14px',
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: 14,
});

export const soon = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: 20,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  border: `1px dashed ${vars.color.border}`,
});

export const soonTitle = style({ margin: 0, fontSize: 16, fontWeight: 700 });

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
