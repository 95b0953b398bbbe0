import { style } from '@vanilla-extract/css';
import { vars } from '../../../themes/contract.css';
import { stack } from '../layout/layout.css';

/** The picture fills its box (a tile's square), cropped to cover it. */
export const media = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
/** A text or code output's first words, in its box, faded out at the bottom. */
export const snippet = style({
  alignSelf: 'stretch',
  justifySelf: 'stretch',
  margin: 0,
  padding: vars.space.sm,
  overflow: 'hidden',
  fontSize: vars.fontSize.xxs,
  lineHeight: 1.4,
  color: vars.color.text,
  textAlign: 'start',
  overflowWrap: 'anywhere',
  maskImage: 'linear-gradient(to bottom, black 70%, transparent)',
});
export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  whiteSpace: 'pre-wrap',
});
export const kind = style([
  stack.xxs,
  { alignItems: 'center', padding: vars.space.xs, fontSize: vars.fontSize.xxs, textAlign: 'center' },
]);
