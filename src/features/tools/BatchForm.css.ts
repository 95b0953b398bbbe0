import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card } from '../../components/ui/layout/layout.css';

/** The "One prompt per line" switch: a checkbox and its label on one row. */
export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.text,
  cursor: 'pointer',
  alignSelf: 'flex-start',
});

export const checkbox = style({ width: 18, height: 18, margin: 0, accentColor: vars.color.accent, cursor: 'inherit' });

/** The shared settings: a fieldset without a frame, disabled as a whole while the batch starts. */
export const shared = style({ border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'contents' });

export const cost = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.text, margin: 0 });

export const started = style([card.inset, { margin: 0, fontWeight: 600 }]);
