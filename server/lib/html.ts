/**
 * Escaping, and the document around the few HTML pages the server writes itself (hosted checkout page,
 * shared creation, outbox, email bodies).
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A complete page that needs no script and is never indexed: `title` escaped, `head` and `body` as given
 * (already escaped by the caller), `style` inlined.
 */
export function standalonePage({
  title,
  style,
  body,
  head = '',
}: {
  title: string;
  style: string;
  body: string;
  head?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${head}<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
