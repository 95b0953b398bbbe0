import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { toggleRule } from '../../components/ui/button/button.css';
import { MOBILE, card as uiCard, cluster, stack } from '../../components/ui/layout/layout.css';

export const root = style([stack.xxl, { maxWidth: 960, width: '100%' }]);

export const heading = cluster.md;

export const cost = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});

export const card = style([uiCard.fluid, stack.xl]);

export const field = style([stack.sm, { border: 'none', margin: 0, padding: 0 }]);
/** On a phone the prompt comes first in the form, above the uploads and presets. */
export const promptField = style({ '@media': { [MOBILE]: { order: -1 } } });
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.text, padding: 0 });
/** Clear prompt, under the prompt field at its end. */
export const clearPrompt = style({ alignSelf: 'flex-end' });
/** The prompt's label with Enhance beside it (ENHANCE-1). */
export const labelRow = style([cluster.sm, { justifyContent: 'space-between', flexWrap: 'wrap' }]);
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textSecondary, margin: 0 });

export const textarea = style({
  width: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.input,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  resize: 'vertical',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 1 },
    '&::placeholder': { color: vars.color.textSecondary, opacity: 1 },
  },
});

export const sizeRow = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.md });
export const number = style([textarea, { minHeight: 40, padding: `0 ${vars.space.md}`, resize: 'none' }]);

export const aspects = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: vars.space.sm,
});
export const aspect = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxxs,
  padding: `${vars.space.md} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  ...toggleRule,
  background: vars.color.input,
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
    '&:hover:not(:disabled)': { background: vars.color.cardHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
    // Locked while a result is shown; still legible, so the chosen preset can be read.
    '&:disabled': { opacity: 0.75, cursor: 'not-allowed' },
  },
});
/** The preset's shape (a rectangle of its ratio) above its name, in the text's colour; the accent when chosen. */
export const aspectShape = style({
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  selectors: {
    [`${aspect}[aria-pressed="true"] &`]: { stroke: vars.color.accent, fill: vars.color.accent, fillOpacity: 0.2 },
  },
});
export const aspectSize = style({ fontSize: vars.fontSize.xxs, fontWeight: 400, color: vars.color.textSecondary });

export const uploads = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: vars.space.lg,
});
export const drop = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 160,
  padding: vars.space.lg,
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

export const actions = cluster.md;

export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.danger,
  color: vars.color.dangerText,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
});
/** A failed run's banner with its second line (TOOL-38): the alert row, then the credits returned. */
export const alertBox = style([alert, { flexDirection: 'column', alignItems: 'flex-start' }]);
export const alertRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.sm} ${vars.space.lg}`,
});
export const alertLine = style({ margin: 0 });
export const alertLink = style({ color: vars.color.dangerText, fontWeight: 700, textDecoration: 'underline' });

export const progress = stack.xs;
export const progressText = style({ fontSize: vars.fontSize.sm, fontWeight: 600, margin: 0 });

/** Always on a `card` (a stack of its own): a smaller gap than the form's card. */
export const result = style({ gap: vars.space.lg, scrollMarginTop: 80 });
export const resultImage = style({
  display: 'block',
  maxWidth: '100%',
  // Capped so the actions above it and the picture fit a laptop screen together (TOOL-41).
  maxHeight: '70vh',
  width: 'auto',
  height: 'auto',
  objectFit: 'contain',
  alignSelf: 'center',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const text = style({
  margin: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.input,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontSize: vars.fontSize.sm,
  lineHeight: 1.6,
  maxHeight: 520,
  overflow: 'auto',
});
/** The prose block of a text result (src/components/ui/prose): as tall as the code block at most. */
export const prose = style({ maxHeight: 520 });
export const code = style([
  text,
  { whiteSpace: 'pre', wordBreak: 'normal', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
]);

export const shareLinks = style([stack.md, { marginTop: vars.space.lg }]);

export const params = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: vars.space.md,
  border: 'none',
  margin: 0,
  padding: 0,
});

/** The Advanced section of the settings (TOOL-50): the whole row, its controls laid out like the others. */
export const advanced = style({ gridColumn: '1 / -1' });
export const advancedFields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: vars.space.md,
});

/** The voices' ▶ previews (TOOL-51): a wrapping row under the voice picker. */
export const voicePreviews = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.sm });

/** A setting as wide as the settings' row (the voice picker and its previews). */
export const wideField = style({ gridColumn: '1 / -1' });
