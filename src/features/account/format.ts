/** An ISO moment in `style`, in the person's time zone; `empty` when there is none or it cannot be read. */
function formatMoment(iso: string | null | undefined, style: Intl.DateTimeFormatOptions, empty: string): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? empty : date.toLocaleString('en-US', style);
}

/** Dates of the settings page: a readable day ('November 23, 2026'), or 'Never' for a password never changed. */
export const formatDate = (iso: string | null | undefined, empty = '—'): string =>
  formatMoment(iso, { dateStyle: 'long' }, empty);

/** A moment of the credit history ('Nov 23, 2026, 12:05 PM'): its day and time. */
export const formatDateTime = (iso: string): string =>
  formatMoment(iso, { dateStyle: 'medium', timeStyle: 'short' }, '—');
