import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: 24, maxWidth: 960, width: '100%' });

export const heading = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 });

export const cost = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '6px 14px',
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: 14,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 20,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: 24,
  '@media': { 'screen and (max-width: 480px)': { padding: 16 } },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: 8, border: 'none', margin: 0, padding: 0 });
export const label = style({ fontSize: 14, fontWeight: 600, color: vars.color.text, padding: 0 });
export const hint = style({ fontSize: 13, color: vars.color.textSecondary, margin: 0 });

export const textarea = style({
  width: '100%',
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  font: 'inherit',
  fontSize: 15,
  lineHeight: 1.5,
  resize: 'vertical',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1 },
    '&::placeholder': { color: vars.color.textSecondary, opacity: 1 },
  },
});

export const sizeRow = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 });
export const number = style([textarea, { minHeight: 40, padding: '0 12px', resize: 'none' }]);

export const aspects = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: 8,
});
export const aspect = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 2,
  padding: '10px 8px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
    '&:hover:not(:disabled)': { background: vars.color.cardHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    // Locked while a result is shown; still legible, so the chosen preset can be read.
    '&:disabled': { opacity: 0.75, cursor: 'not-allowed' },
  },
});
export const aspectSize = style({ fontSize: 12, fontWeight: 400, color: vars.color.textSecondary });

export const uploads = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: 16,
});
export const drop = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  minHeight: 160,
  padding: 16,
  borderRadius: vars.radius.md,
  border: `2px dashed ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  textAlign: 'center',
  cursor: 'pointer',
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    '&[data-dragging="true"]': { borderColor: vars.color.accent },
  },
});
/** The native input covers the area, so a click or a keyboard press opens the picker. */
export const fileInput = style({ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer', width: '100%' });
export const preview = style({ maxWidth: '100%', maxHeight: 240, borderRadius: vars.radius.sm, objectFit: 'contain' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' });

export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '8px 16px',
  padding: '12px 16px',
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: 14,
  fontWeight: 500,
});
export const alertLink = style({ color: vars.color.dangerText, fontWeight: 700, textDecoration: 'underline' });

export const progress = style({ display: 'flex', flexDirection: 'column', gap: 6 });
export const progressText = style({ fontSize: 14, fontWeight: 600, margin: 0 });
export const track = style({
  height: 10,
  borderRadius: vars.radius.pill,
  background: vars.color.input,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const bar = style({
  height: '100%',
  background: vars.color.accent,
  transition: 'width 300ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const result = style({ display: 'flex', flexDirection: 'column', gap: 16, scrollMarginTop: 80 });
export const resultImage = style({
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  alignSelf: 'center',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const text = style({
  margin: 0,
  padding: 16,
  borderRadius: vars.radius.md,
  background: vars.color.input,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontSize: 14,
  lineHeight: 1.6,
  maxHeight: 520,
  overflow: 'auto',
});
export const code = style([
  text,
  { whiteSpace: 'pre', wordBreak: 'normal', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
]);
export const codeHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 });

export const shareLinks = style({ display: 'flex', flexDirection: 'column', gap: 10, marginTop: 16 });

export const params = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: 12,
  border: 'none',
  margin: 0,
  padding: 0,
});

export const player = style([resultImage, { width: '100%', background: '#000' }]);
export const audio = style({ width: '100%' });
