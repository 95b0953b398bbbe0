import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { card, cluster, stack } from '../../components/ui/layout/layout.css';

export const root = style([
  stack.xxs,
  {
    minHeight: '100%',
    padding: `${vars.space.lg} ${vars.space.md}`,
    // Collapsed to 64 px: the 44 px links stay centred.
    selectors: { '&[data-collapsed=true]': { padding: `${vars.space.lg} ${vars.space.sm}`, alignItems: 'center' } },
  },
]);

export const brandRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `0 ${vars.space.xxs} ${vars.space.md}`,
  selectors: { [`${root}[data-collapsed=true] &`]: { flexDirection: 'column', padding: `0 0 ${vars.space.md}` } },
});

export const list = style([stack.xxxs, { listStyle: 'none', margin: 0, padding: 0 }]);

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  height: 40,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.textSecondary,
  textDecoration: 'none',
  fontSize: vars.fontSize.md,
  fontWeight: 500,
  whiteSpace: 'nowrap',
  transition: 'background-color 120ms ease, color 120ms ease',
  selectors: {
    '&:hover': { background: vars.color.cardHover, color: vars.color.text },
    '&[data-status=active]': { background: vars.color.card, color: vars.color.text, fontWeight: 600 },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: -2 },
    [`${root}[data-collapsed=true] &`]: { width: 44, padding: 0, justifyContent: 'center' },
  },
});

export const activeMark = style({
  selectors: { [`${link}[data-status=active] &`]: { color: vars.color.accent } },
  display: 'inline-flex',
});

export const divider = style({
  height: 1,
  background: vars.color.border,
  margin: `${vars.space.md} ${vars.space.xxs}`,
  alignSelf: 'stretch',
});

export const account = style([stack.sm, { padding: vars.space.xxs }]);

export const legal = style([stack.xxxs, { marginTop: 'auto', paddingTop: vars.space.lg }]);

export const legalLink = style([link, { height: 34, fontSize: vars.fontSize.xs }]);

export const badge = style([
  card.inset,
  cluster.sm,
  { flexWrap: 'nowrap', fontSize: vars.fontSize.sm, fontWeight: 600 },
]);

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  textDecoration: 'none',
  fontWeight: 800,
  fontSize: vars.fontSize.lg,
  letterSpacing: '-0.02em',
  color: vars.color.text,
});

export const toggle = style({ padding: 0, width: 36, minHeight: 36, color: vars.color.textSecondary });
