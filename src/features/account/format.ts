/** Dates of the settings page: a readable day, or 'Never' for a password never changed. */
export function formatDate(iso: string | null | undefined, empty = '—'): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? empty
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
