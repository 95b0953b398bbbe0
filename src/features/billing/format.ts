export const usd = (n: number): string =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Cost per credit keeps the catalogue's precision (0.0129, not 0.01). */
export const perCredit = (n: number): string => `$${n}`;

export const credits = (n: number): string => n.toLocaleString('en-US');
