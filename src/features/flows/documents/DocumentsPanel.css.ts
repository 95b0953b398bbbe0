import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { input } from '../../../components/ui/form/form.css';
import { card, cluster, stack } from '../../../components/ui/layout/layout.css';

export const panel = style([card.compact, stack.sm, { minWidth: 0 }]);
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const row = cluster.sm;
/** The format picker: the forms' input. */
export const select = input;
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
