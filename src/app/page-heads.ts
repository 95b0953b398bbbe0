/**
 * Each app path's <title>, meta description and canonical path, shared by the client (PageHead, on every
 * navigation) and the build (scripts/page-heads.ts writes dist/pages/<path>.html with them, so the
 * HTML the server sends carries them before any script runs). Aliases name their primary page as
 * canonical: / and /all-tools are one page, /image-models is /image.
 */
import { categories, tools, type Category } from '../catalog';

export interface PageHead {
  readonly title: string;
  readonly description: string;
  /** The path search engines should index for this page (an alias names its primary). */
  readonly canonical: string;
}

import { site, titled } from './page-title';

const home: PageHead = {
  title: `${site} — AI tools for images, video, text, audio and 3D`,
  description: 'Atelier: AI tools for images, video, text, audio and 3D, paid with credits.',
  canonical: '/',
};

// [path, page name, description]; the title is "<name> — Atelier".
const fixed: readonly (readonly [string, string, string])[] = [
  ['/themes', 'Themes', 'Choose one of about 60 colour themes for Atelier.'],
  ['/subscribe', 'Choose your plan', 'Atelier plans: monthly credits for every AI tool, billed monthly or yearly.'],
  ['/credits', 'Buy credits', 'Buy a pack of Atelier credits to spend on any AI tool.'],
  ['/support', 'Support', 'Answers about credits, subscriptions, cancelling and payment, and how to contact support.'],
  ['/terms', 'Terms of Service', 'The terms of service of Atelier.'],
  ['/privacy', 'Privacy Policy', 'How Atelier collects, uses and protects your data.'],
  ['/login', 'Login', 'Sign in to Atelier to spend your credits on any AI tool.'],
  ['/register', 'Create Account', 'Create an Atelier account to start making images, video, text, audio and 3D.'],
  ['/forgot-password', 'Reset Password', 'Request a link to set a new Atelier password.'],
  ['/creations', 'My creations', 'Everything you made with Atelier.'],
  ['/settings', 'Settings', 'Your Atelier account, security and billing.'],
  ['/flows', 'Flows', 'The statecharts behind Atelier, drawn and walkable.'],
  ['/creations/compare', 'Compare creations', 'Two to four of your creations side by side.'],
];

const categoryName = (c: Category) => `${c} Tools`;
const categoryPath = (c: Category) => `/${c.toLowerCase()}`;

function build(): ReadonlyMap<string, PageHead> {
  const heads = new Map<string, PageHead>([
    ['/', home],
    ['/all-tools', home],
  ]);
  for (const [path, name, description] of fixed) heads.set(path, { title: titled(name), description, canonical: path });
  for (const c of categories) {
    const path = categoryPath(c);
    const head = {
      title: titled(categoryName(c)),
      description: `${c} AI tools on Atelier: ${tools
        .filter((t) => t.category === c)
        .map((t) => t.title)
        .join(', ')}.`,
      canonical: path,
    };
    heads.set(path, head);
    // The spec lists the image and video tools under /image-models and /video-models too.
    if (c === 'Image' || c === 'Video') heads.set(`${path}-models`, head);
  }
  for (const t of tools) heads.set(t.path, { title: titled(t.title), description: t.description, canonical: t.path });
  return heads;
}

export const pageHeads: ReadonlyMap<string, PageHead> = build();

const notFound: PageHead = { title: titled('Page not found'), description: home.description, canonical: '' };

/** The head of an app path; paths with a token or an id get their section's title, and no canonical. */
export function pageHead(pathname: string): PageHead {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = pageHeads.get(path);
  if (known) return known;
  const section = /^\/(creations|flows|verify-email|reset-password)(?:\/|$)/.exec(path)?.[1];
  if (section === 'creations') return { ...notFound, title: titled('Creation') };
  if (section === 'flows') return { ...notFound, title: titled('Flows') };
  if (section === 'verify-email') return { ...notFound, title: titled('Verify Email') };
  if (section === 'reset-password') return { ...notFound, title: titled('Reset Password') };
  return notFound;
}

/** The 512 px app icon (public/icon-512.png) is the Open Graph image of every page. */
export const ogImagePath = '/icon-512.png';

/** App paths whose page depends on who is there or is a tool of ours (signed-in pages, the account forms, the flows viewer). */
const notPrerendered: readonly string[] = [
  '/login',
  '/register',
  '/forgot-password',
  '/creations',
  '/settings',
  '/flows',
  '/creations/compare',
];

/**
 * The public pages the build prerenders (scripts/prerender.ts): the catalogue, categories, tool pages,
 * themes, plans, packs, support and the legal pages. Their HTML paints before any script runs.
 */
export const prerenderedPaths: readonly string[] = [...pageHeads.keys()].filter(
  (path) => !notPrerendered.includes(path),
);
