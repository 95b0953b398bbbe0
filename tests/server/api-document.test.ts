/**
 * The published /api/openapi.json: Redocly's recommended ruleset finds nothing in it (no error, no
 * warning), and it documents every route the app serves except the ones listed here with a reason,
 * and no operation the app does not serve.
 */
import { describe, expect, it } from 'vitest';
import { honoPath } from '../../server/lib/operation';
import { describeProblem, lintOpenApi } from '../../scripts/api-lint-core';
import { json, setupApp } from './helpers';

/** Routes of the app that are not API calls, each with why it is not in the document. */
const undocumented: Readonly<Record<string, string>> = {
  'ALL /*': 'the middleware every request passes (log line, security headers, body limits), not a route',
  'GET /api/health': 'liveness probe for load balancers and bench:start, not a call of the product',
  'GET /api/openapi.json': 'the document itself',
  'ALL /api/*': 'the JSON 404 of every unknown /api path',
  'ALL /checkout/*': "the local checkout page's middleware (local payments only)",
  'GET /checkout/:id': 'the local checkout page: HTML for people, local payments only',
  'POST /checkout/:id/pay': "the local checkout page's Pay form (HTML form post, answers a redirect)",
  'GET /checkout/:id/cancel': "the local checkout page's Cancel link (answers a redirect)",
  'GET /files/:dir{uploads|outputs}/:name':
    "stored files, reached by the signed URLs the API answers (uploads, outputs) or with the owner's session",
  'GET /share/:token': 'a shared creation: HTML for people and link previews, public by its token',
  'GET /share/:token/file': "a shared creation's output, reached from its page",
  'GET /share/:token/image.png': "a shared creation's preview image (og:image), reached from its page",
  'GET /voice-previews/:file{[a-z0-9_]+\\.wav}':
    "a voice preset's short sample, played by the Voice tool's ▶ preview (a static sound, not an API answer)",
  'GET /dev/outbox': 'the development outbox of emails (outbox mode only)',
  'GET /*': 'the SPA: built files, prerendered pages and the history fallback',
};

type Doc = { paths: Record<string, Record<string, unknown>> };

describe('the published OpenAPI document', () => {
  const t = setupApp('pglite');

  it("passes Redocly's recommended ruleset with 0 errors and 0 warnings", async () => {
    const doc = await json(await t.request('/api/openapi.json'));
    const { errors, warnings } = await lintOpenApi(doc);
    expect([...errors, ...warnings].map(describeProblem)).toEqual([]);
    expect({ errors: errors.length, warnings: warnings.length }).toEqual({ errors: 0, warnings: 0 });
  });

  it('documents every route the app serves (the rest are listed with a reason) and nothing it does not serve', async () => {
    const doc = await json<Doc>(await t.request('/api/openapi.json'));
    const documentedRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${honoPath(path)}`),
    );
    const served = [...new Set(t.app.routes.map((r) => `${r.method} ${r.path}`))];
    const missing = served.filter((route) => !documentedRoutes.includes(route) && !(route in undocumented));
    expect(missing, 'routes neither documented nor listed').toEqual([]);
    expect(
      documentedRoutes.filter((route) => !served.includes(route)),
      'documented operations the app does not serve',
    ).toEqual([]);
    expect(
      Object.keys(undocumented).filter((route) => !served.includes(route)),
      'listed routes the app no longer has',
    ).toEqual([]);
    // The alias of the credits call (/users/credits) is documented too.
    expect(documentedRoutes).toContain('GET /users/credits');
  });
});
