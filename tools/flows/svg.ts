/**
 * A laid-out machine as a standalone SVG document (for `npm run flows:export`). Same geometry
 * as the viewer's React drawing; fixed colours, since an exported file has no theme.
 */
import type { FlowGraph } from './graph';
import { pathData, round, ROW_FONT, TITLE_FONT, type FlowLayout } from './layout';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function flowToSvg(graph: FlowGraph, layout: FlowLayout): string {
  const out: string[] = [];
  const w = Math.ceil(layout.width);
  const h = Math.ceil(layout.height);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="Statechart of ${esc(graph.id)}" font-family="system-ui, sans-serif">`,
    `<title>${esc(graph.id)}${graph.description ? `: ${esc(graph.description)}` : ''}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#555"/></marker></defs>',
    `<rect width="${w}" height="${h}" fill="#fff"/>`,
  );
  for (const n of layout.nodes) {
    const s = n.state;
    const dashed = s.region ? ' stroke-dasharray="6 4"' : '';
    out.push(`<g data-state="${esc(s.id)}">`);
    if (s.description) out.push(`<title>${esc(s.key)}: ${esc(s.description)}</title>`);
    out.push(
      `<rect x="${round(n.x)}" y="${round(n.y)}" width="${round(n.width)}" height="${round(n.height)}" rx="8" fill="${n.depth % 2 ? '#f6f7fb' : '#fff'}" stroke="#445"${dashed}/>`,
    );
    if (s.type === 'final')
      out.push(
        `<rect x="${round(n.x + 3)}" y="${round(n.y + 3)}" width="${round(n.width - 6)}" height="${round(n.height - 6)}" rx="6" fill="none" stroke="#445"/>`,
      );
    out.push(
      `<text x="${round(n.x + 10)}" y="${round(n.y + 17)}" font-size="${TITLE_FONT}" font-weight="700" fill="#111">${esc(s.key)}${s.type === 'parallel' ? ' (parallel)' : ''}</text>`,
    );
    n.rows.forEach((r, i) =>
      out.push(
        `<text x="${round(n.x + 10)}" y="${round(n.y + 22 + 12 + i * 16)}" font-size="${ROW_FONT}" fill="${r.kind === 'transition' ? '#333' : '#555'}">${esc(r.text)}</text>`,
      ),
    );
    out.push('</g>');
  }
  for (const m of layout.markers) {
    out.push(
      `<circle cx="${round(m.x)}" cy="${round(m.y)}" r="4" fill="#445"/>`,
      `<path d="${pathData(m.points)}" fill="none" stroke="#445" marker-end="url(#arrow)"/>`,
    );
  }
  for (const e of layout.edges) {
    const dashed = e.transition.kind === 'always' ? ' stroke-dasharray="4 3"' : '';
    // Marked with its coverage key, so a report can highlight the transitions a path walks.
    out.push(
      `<path data-key="${esc(e.transition.coverageKey)}" d="${pathData(e.points)}" fill="none" stroke="#555"${dashed} marker-end="url(#arrow)"/>`,
    );
    if (e.label)
      e.label.lines.forEach((line, i) =>
        out.push(
          `<text x="${round(e.label!.x + 4)}" y="${round(e.label!.y + 12 + i * 16)}" font-size="${ROW_FONT}" fill="${i ? '#555' : '#333'}">${esc(line)}</text>`,
        ),
      );
  }
  out.push('</svg>');
  return out.join('\n');
}
