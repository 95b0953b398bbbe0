/**
 * The one reader of docs/requirements.md and of the rule IDs test titles cite. Pure (no file access), so the
 * requirements report and tests (requirements.ts, on the files) and the flows viewer's rule pages (bundled at
 * build time by scripts/bundled-requirements.ts) read them alike.
 */
export interface Requirement {
  id: string;
  area: string;
  text: string;
}

/** Each rule of the document: `- **AUTH-7**: text`, under a heading that ends with its area, `(AUTH)`. */
export function parseRequirements(markdown: string): Requirement[] {
  const out: Requirement[] = [];
  let area = '';
  for (const line of markdown.split('\n')) {
    const heading = /^## .*\(([A-Z]+)\)\s*$/.exec(line);
    if (heading) area = heading[1]!;
    const rule = /^- \*\*([A-Z]+-\d+)\*\*: (.+)$/.exec(line);
    if (rule) out.push({ id: rule[1]!, area, text: rule[2]! });
  }
  return out;
}

/** A test title that cites rules. */
export interface Citation {
  file: string;
  line: number;
  title: string;
  ids: string[];
}

/**
 * The titles of one test file that cite rules. A title is the first argument of `describe`, `it` or `test`
 * (also after `.each(…)`, `.skip` and the like): a string literal right after an opening parenthesis, on one
 * line. Its citations are the rule-shaped words in it (`AREA-n`) whose area is one of `areas`; a title that
 * starts with a list of rule-shaped words and a colon cites them whatever their area, so a mistyped area is
 * caught too.
 */
export function citationsIn(source: string, file: string, areas: ReadonlySet<string>): Citation[] {
  const out: Citation[] = [];
  const literal = /\(\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
  const word = /\b([A-Z]+)-(\d+)\b/g;
  for (const match of source.matchAll(literal)) {
    const title = match[2]!;
    const lead = /^((?:[A-Z]+-\d+)(?:, [A-Z]+-\d+)*): /.exec(title);
    const ids = new Set(lead ? lead[1]!.split(', ') : []);
    for (const [id, area] of title.matchAll(word)) if (areas.has(area!)) ids.add(id);
    if (ids.size === 0) continue;
    const line = source.slice(0, match.index).split('\n').length;
    out.push({ file, line, title, ids: [...ids] });
  }
  return out;
}
