/**
 * Keeps the document's <title>, description, Open Graph tags and canonical link in step with the route
 * (src/app/page-heads.ts). The server sends each prerendered page with the same tags (absolute with
 * APP_URL), so this only matters after a client navigation. The absolute origin is read from the page's
 * own og:image, which the server wrote from APP_URL; a page without it (the dev server) uses the
 * browser's origin. The table of heads (with the tool catalogue) loads after the first paint: the first
 * view's head came with the HTML.
 */
import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import type { PageHead } from './page-heads';

function tag(selector: string, make: () => HTMLElement): HTMLElement {
  return document.head.querySelector<HTMLElement>(selector) ?? document.head.appendChild(make());
}

function meta(attribute: 'name' | 'property', key: string, content: string) {
  tag(`meta[${attribute}="${key}"]`, () => {
    const m = document.createElement('meta');
    m.setAttribute(attribute, key);
    return m;
  }).setAttribute('content', content);
}

export function applyHead(head: PageHead, ogImagePath: string) {
  const image = document.head.querySelector('meta[property="og:image"]')?.getAttribute('content');
  const origin = new URL(image ?? '/', location.href).origin;
  document.title = head.title;
  meta('name', 'description', head.description);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:type', 'website');
  meta('property', 'og:image', origin + ogImagePath);
  const canonical = document.head.querySelector('link[rel="canonical"]');
  if (head.canonical) {
    meta('property', 'og:url', origin + head.canonical);
    tag('link[rel="canonical"]', () => {
      const l = document.createElement('link');
      l.rel = 'canonical';
      return l;
    }).setAttribute('href', origin + head.canonical);
  } else {
    canonical?.remove();
    document.head.querySelector('meta[property="og:url"]')?.remove();
  }
}

/** Applies the current route's head on every change of path. */
export function useDocumentHead() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    let current = true;
    void import('./page-heads').then((m) => current && applyHead(m.pageHead(pathname), m.ogImagePath));
    return () => {
      current = false;
    };
  }, [pathname]);
}
