/**
 * The accessibility checks (tests/e2e/a11y.ts) cover every route of the app: the list they walk
 * (tests/e2e/a11y-routes.ts) is compared with the router's own route tree (src/routeTree.gen.ts), and
 * each address it opens must land on the route it is listed under.
 */
import { createActor } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { systemIds } from '../../src/app/app.machine';
import { inertAppLogic } from '../../src/app/inert';
import { makeRouter } from '../../src/app/router';
import type { SessionActor } from '../../src/flows/session/session.effects';
import { addressOf, routeVisits, signedInOnly } from '../e2e/a11y-routes';

// The app's own router (src/app/router.ts, over src/routeTree.gen.ts), given an inert session.
const app = createActor(inertAppLogic, { input: { width: 1280 } }).start();
afterAll(() => app.stop());
const router = makeRouter({ session: app.system.get(systemIds.session) as SessionActor });
const treeRoutes = Object.keys(router.routesByPath).sort();
const sample = {
  verifyToken: 'verify-token',
  resetToken: 'reset-token',
  creationId: 'creation-id',
  otherCreationId: 'other-id',
  collectionId: 'collection-id',
};

describe('the routes the accessibility checks visit', () => {
  it('are every route of the router, no more', () => {
    expect(treeRoutes.length).toBeGreaterThan(30);
    expect(Object.keys(routeVisits).sort()).toEqual(treeRoutes);
  });

  it('open each route at least once, at addresses the router matches to that route', () => {
    for (const [route, visits] of Object.entries(routeVisits)) {
      expect(visits.length, route).toBeGreaterThan(0);
      for (const visit of visits) {
        // The path alone: the router matches a route by it (a search, as the compare page's ?ids=, is the route's own).
        const matches = router.matchRoutes(addressOf(visit, sample).split('?')[0]!);
        expect(matches.at(-1)?.fullPath.replace(/(.)\/$/, '$1'), visit.path).toBe(route);
      }
    }
  });

  it('name only routes of the tree as signed-in only', () => {
    for (const route of signedInOnly) expect(treeRoutes).toContain(route);
  });
});
