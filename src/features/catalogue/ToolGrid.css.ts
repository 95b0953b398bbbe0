import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.xl,
});

export const empty = style({
  padding: `${vars.space.huge} ${vars.space.xxl}`,
  textAlign: 'center',
  color: vars.color.textSecondary,
  background: vars.color.card,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
