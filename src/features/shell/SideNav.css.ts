import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  minHeight: '100%',
  padding: '16px 12px',
  selectors: { '&[data-collapsed=true]': { padding: '16px 10px', alignItems: 'center' } },
});

export const brandRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  padding: '0 4px 12px',
  selectors: { [`${root}[data-collapsed=true] &`]: { flexDirection: 'column', padding: '0 0 12px' } },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  height: 40,
  padding: '0 12px',
  borderRadius: vars.radius.sm,
  color: vars.color.textSecondary,
  textDecoration: 'none',
  fontSize: 15,
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

export const divider = style({ height: 1, background: vars.color.border, margin: '12px 4px', alignSelf: 'stretch' });

export const account = style({ display: 'flex', flexDirection: 'column', gap: 8, padding: '4px 4px' });

export const legal = style({
  marginTop: 'auto',
  paddingTop: 16,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const legalLink = style([link, { height: 34, fontSize: 13 }]);

export const badge = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '10px 12px',
  borderRadius: vars.radius.md,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  fontSize: 14,
  fontWeight: 600,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  textDecoration: 'none',
  fontWeight: 800,
  fontSize: 18,
  letterSpacing: '-0.02em',
  color: vars.color.text,
});

export const toggle = style({ padding: 0, width: 36, minHeight: 36, color: vars.color.textSecondary });
