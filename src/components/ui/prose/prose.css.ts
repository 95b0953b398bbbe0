import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';

/** Words a model wrote, read as a page: the app's font, body size, a comfortable measure. */
export const prose = style({
  margin: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.body,
  lineHeight: 1.7,
  overflow: 'auto',
  overflowWrap: 'anywhere',
});

export const paragraph = style({
  margin: `0 0 ${vars.space.lg}`,
  maxWidth: '68ch',
  // A single line break inside a paragraph (a list, an address) stays a break.
  whiteSpace: 'pre-line',
  selectors: { '&:last-child': { marginBottom: 0 } },
});
