/**
 * Every route of the app (src/routeTree.gen.ts) and the addresses the accessibility checks open for it
 * (tests/e2e/a11y.ts), signed out and signed in. tests/unit/a11y-routes.test.ts fails when a route of
 * the router's tree is missing here, or when an address does not open the route it is listed under.
 */
import type { FileRoutesByTo } from '../../src/routeTree.gen';

export type RoutePath = keyof FileRoutesByTo;

/** What a check makes on the server before it starts, for the routes that need a real id or token. */
export interface Made {
  /** A fresh account's email verification token (opening it verifies that account). */
  readonly verifyToken: string;
  /** A password reset token of the checking account. */
  readonly resetToken: string;
  /** A finished run of the signed-in account (signed-in check only). */
  readonly creationId: string;
  /** Another finished run of the same kind, compared with the first (COMPARE-3). */
  readonly otherCreationId: string;
  /** A collection 'Keep' of the signed-in account holding that run (COLLECT-9; signed-in check only). */
  readonly collectionId: string;
}

export interface Visit {
  /**
   * The address opened; `{verifyToken}`, `{resetToken}`, `{creationId}`, `{otherCreationId}` and `{collectionId}`
   * are filled in from {@link Made}.
   */
  readonly path: string;
  /** What shows once the page has its real content (by default: a heading in main). */
  readonly ready?: { readonly role: 'heading' | 'img'; readonly name: string | RegExp };
}

const at = (path: string): Visit[] => [{ path }];

/** A finished Text to Image run: its card, with its title as heading (My creations and its own page). */
const creationCard = { role: 'heading', name: 'Text to Image' } as const;

/** Every route of the tree, and what axe opens for it. */
export const routeVisits: Readonly<Record<RoutePath, readonly Visit[]>> = {
  '/': at('/'),
  '/all-tools': at('/all-tools'),
  '/image': at('/image'),
  '/video': at('/video'),
  '/text': at('/text'),
  '/audio': at('/audio'),
  '/3d': at('/3d'),
  '/themes': at('/themes'),
  '/support': at('/support'),
  '/privacy': at('/privacy'),
  '/terms': at('/terms'),
  '/subscribe': at('/subscribe'),
  '/credits': at('/credits'),
  '/login': at('/login'),
  '/register': at('/register'),
  '/forgot-password': at('/forgot-password'),
  '/reset-password/$token': at('/reset-password/{resetToken}'),
  '/verify-email': at('/verify-email'),
  '/verify-email/$token': [
    { path: '/verify-email/{verifyToken}', ready: { role: 'heading', name: 'Email Verified Successfully!' } },
  ],
  '/image-models': at('/image-models'),
  '/image-models/text-to-image': at('/image-models/text-to-image'),
  '/image-models/image-to-image': at('/image-models/image-to-image'),
  '/image-models/person-to-person': at('/image-models/person-to-person'),
  '/image-models/restore-image': at('/image-models/restore-image'),
  '/image-models/text-to-advertisement': at('/image-models/text-to-advertisement'),
  '/text-models/text-to-text': at('/text-models/text-to-text'),
  '/text-models/code-generation': at('/text-models/code-generation'),
  '/text-models/image-to-text': at('/text-models/image-to-text'),
  '/video-models': at('/video-models'),
  '/video-models/text-to-video': at('/video-models/text-to-video'),
  '/video-models/image-to-video': at('/video-models/image-to-video'),
  '/video-models/video-editing': at('/video-models/video-editing'),
  '/audio-models/musicgen': at('/audio-models/musicgen'),
  '/audio-models/audioldm': at('/audio-models/audioldm'),
  '/audio-models/bark': at('/audio-models/bark'),
  '/3d-models/3d-gen': at('/3d-models/3d-gen'),
  // The machine list, and one machine drawn with its panels (the session's).
  '/flows/{-$machine}': [
    { path: '/flows', ready: { role: 'heading', name: 'Flows' } },
    { path: '/flows/session', ready: { role: 'img', name: /^Statechart of session\b/ } },
  ],
  // A product rule's page: its text, what serves it, its tests.
  '/flows/rules/$ruleId': [{ path: '/flows/rules/TOOL-38', ready: { role: 'heading', name: 'Rule TOOL-38' } }],
  '/settings': at('/settings'),
  '/creations': [{ path: '/creations', ready: creationCard }],
  '/creations/$id': [{ path: '/creations/{creationId}', ready: creationCard }],
  // COMPARE-3: two images of the account compared (the slider, and the settings that differ beneath).
  '/creations/compare': [
    {
      path: '/creations/compare?ids={creationId},{otherCreationId}',
      ready: { role: 'heading', name: 'Settings that differ' },
    },
  ],
  // COLLECT-9: a collection's page, its name as the heading, over its one creation.
  '/creations/collections/$id': [{ path: '/creations/collections/{collectionId}', ready: creationCard }],
};

/** Routes only a signed-in user sees: a visitor is sent to / (the signed-out check proves it; / is checked on its own). */
export const signedInOnly: readonly RoutePath[] = [
  '/settings',
  '/creations',
  '/creations/$id',
  '/creations/compare',
  '/creations/collections/$id',
];

/** The address of a visit with what the check made filled in. */
export function addressOf(visit: Visit, made: Partial<Made>): string {
  return visit.path.replace(
    /\{(verifyToken|resetToken|creationId|otherCreationId|collectionId)\}/g,
    (_, key: keyof Made) => {
      const value = made[key];
      if (value === undefined) throw new Error(`${visit.path} needs ${key}`);
      return encodeURIComponent(value);
    },
  );
}
