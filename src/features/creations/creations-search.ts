/**
 * The address's search of My creations (CREATIONS-9): q, tool, status, from, to, as texts ('' when absent).
 * A value of another shape is dropped; the server checks the rest (a bad date answers 400 with its message).
 * Read by hand rather than with a valibot schema: the schema's union and transform would join the
 * first load's shared chunk, which has no room left.
 */
export interface CreationsSearch {
  q: string;
  tool: string;
  status: string;
  from: string;
  to: string;
}

// A search of digits reads as a number in the address (?q=2026): it is still words of the prompt.
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export const readCreationsSearch = (raw: Record<string, unknown>): CreationsSearch => ({
  q: text(raw['q']),
  tool: text(raw['tool']),
  status: text(raw['status']),
  from: text(raw['from']),
  to: text(raw['to']),
});

/** The address's search as the router writes it (a value that would read as JSON is written quoted). */
export function addressSearch(search: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    try {
      out[key] = value.startsWith('"') ? (JSON.parse(value) as unknown) : value;
    } catch {
      out[key] = value;
    }
  }
  return out;
}
