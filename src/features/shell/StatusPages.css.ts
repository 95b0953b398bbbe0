import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const wrap = style({
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  gap: 16,
  padding: 24,
});

export const standalone = style([wrap, { minHeight: '100vh', background: vars.color.background }]);

export const code = style({
  fontSize: 64,
  fontWeight: 800,
  letterSpacing: '-0.04em',
  lineHeight: 1,
  color: vars.color.accent,
});

export const title = style({ margin: 0, fontSize: 28, fontWeight: 800, letterSpacing: '-0.02em' });
export const text = style({ margin: 0, color: vars.color.textSecondary, maxWidth: 480 });
