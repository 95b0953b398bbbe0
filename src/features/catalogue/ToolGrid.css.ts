import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card } from '../../components/ui/layout/layout.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: vars.space.xl,
});

export const empty = style([
  card.inset,
  {
    padding: `${vars.space.huge} ${vars.space.xxl}`,
    textAlign: 'center',
    color: vars.color.textSecondary,
    borderStyle: 'dashed',
    borderRadius: vars.radius.lg,
  },
]);
