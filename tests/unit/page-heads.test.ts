// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageHead, pageHeads } from '../../src/app/page-heads';
import { tools } from '../../src/catalog';
import { pageFile, routePaths, withHead } from '../../scripts/page-heads';

const routeTree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
const fullPaths = routePaths(routeTree);

describe('page heads', () => {
  it('give every route of the app its own title, never the not-found one', () => {
    expect(fullPaths.length).toBeGreaterThan(30);
    for (const p of fullPaths) {
      const example = p.replace(/\{-\$\w+\}/, 'session').replace(/\$\w+/, 'abc');
      expect(pageHead(example).title, p).toMatch(/ — Atelier$|^Atelier — /);
      expect(pageHead(example).title, p).not.toBe('Page not found — Atelier');
    }
    expect(pageHead('/no-such-page').title).toBe('Page not found — Atelier');
  });

  it('name tools by their catalogue title, and aliases by their primary page', () => {
    for (const t of tools) expect(pageHead(t.path)).toMatchObject({ title: `${t.title} — Atelier`, canonical: t.path });
    expect(pageHead('/all-tools').canonical).toBe('/');
    expect(pageHead('/image-models').canonical).toBe('/image');
    expect(pageHead('/video-models/').title).toBe('Video Tools — Atelier');
    expect(pageHead('/settings').title).toBe('Settings — Atelier');
  });

  it('are written into a copy of index.html with escaped text and the APP_URL token', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const page = withHead(html, { title: 'A & "B" — Atelier', description: 'x < y', canonical: '/terms' });
    expect(page).toContain('<title>A &amp; &quot;B&quot; — Atelier</title>');
    expect(page).toContain('<meta name="description" content="x &lt; y" />');
    expect(page).toContain('<link rel="canonical" href="__APP_URL__/terms" />');
    expect(page).toContain('<meta property="og:url" content="__APP_URL__/terms" />');
    expect(pageFile('/d/pages', '/')).toBe('/d/pages/index.html');
    expect(pageFile('/d/pages', '/image-models/text-to-image')).toBe('/d/pages/image-models/text-to-image.html');
    expect(pageHeads.size).toBeGreaterThan(30);
  });
});
