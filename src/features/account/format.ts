/** Dates of the settings page: a readable day, or 'Never' for a password never changed. */
export function formatDate(iso: string | null | undefined, empty = '—'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? empty
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A moment of the credit history ('Nov 23, 2026, 12:05 PM'): its day and time, in the person's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
