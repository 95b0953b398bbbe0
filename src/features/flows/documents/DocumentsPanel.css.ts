import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { card, cluster, stack } from '../../../components/ui/layout/layout.css';

export const panel = style([card.compact, stack.sm, { minWidth: 0 }]);
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const row = cluster.sm;
export const select = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
export const drop = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textSecondary,
  fontSize: vars.fontSize.sm,
  selectors: { '&[data-over="true"]': { borderColor: vars.color.accent, color: vars.color.text } },
});
export const muted = style({ margin: 0, color: vars.color.textSecondary, fontSize: vars.fontSize.sm });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
