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
