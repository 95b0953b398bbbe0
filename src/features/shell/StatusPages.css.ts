import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { stack } from '../../components/ui/layout/layout.css';

export const wrap = style([
  stack.lg,
  {
    minHeight: '60vh',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    padding: vars.space.xxl,
  },
]);

export const standalone = style([wrap, { minHeight: '100vh', background: vars.color.background }]);

export const code = style({
  fontSize: vars.fontSize.display,
  fontWeight: 800,
  letterSpacing: '-0.04em',
  lineHeight: 1,
  color: vars.color.accent,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, fontWeight: 800, letterSpacing: '-0.02em' });
export const text = style({ margin: 0, color: vars.color.textSecondary, maxWidth: 480 });
