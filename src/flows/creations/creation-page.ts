/** A creation's own page (CREATIONS-18): its heading from its prompt, and the runs beside it in My creations. */
import type { Creation, CreationDetail } from '../../api/schemas';
import type { CreationsContext } from './creations.types';

/** The longest heading a creation's page shows; a longer prompt is cut at a word with an ellipsis. */
export const HEADING_CHARS = 80;

/**
 * A creation's page heading (its h1 and the document's title): its prompt on one line, cut at the last word that
 * fits in HEADING_CHARS with '…'; a run without a prompt is titled by its tool.
 */
export function creationHeading(creation: Pick<Creation, 'prompt' | 'title'>): string {
  const prompt = creation.prompt?.replace(/\s+/g, ' ').trim() ?? '';
  if (!prompt) return creation.title;
  if (prompt.length <= HEADING_CHARS) return prompt;
  const cut = prompt.slice(0, HEADING_CHARS - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > HEADING_CHARS / 2 ? cut.slice(0, word) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The run beside the one-run page's creation in My creations (the server says which), or null. */
export const neighbourOf = (context: CreationsContext, which: 'previous' | 'next'): string | null =>
  context.only === null ? null : ((context.items[0] as Partial<CreationDetail> | undefined)?.[which] ?? null);
