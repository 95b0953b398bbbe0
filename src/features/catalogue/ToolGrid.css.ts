import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: 20,
});

export const empty = style({
  padding: '48px 24px',
  textAlign: 'center',
  color: vars.color.textSecondary,
  background: vars.color.card,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
