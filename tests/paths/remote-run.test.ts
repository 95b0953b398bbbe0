/**
 * A path walked for real (a run against a deployment, PATHS_BASE_URL): here against the suite's own
 * server, which is a real one (its database, its outbox). Nothing is intercepted: the session's sign-in
 * and sign-out paths run on a fresh verified account and each server answer they need is the server's
 * own; a path whose answers cannot be caused for real is not run (realSkip says why).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from '../e2e/browser';
import { sessionPaths } from './adapters/session.paths';
import { plannedPaths, realSkip, runPath, type PlannedPath } from './harness';
import { realAccount } from './remote';
import { ReusedPage } from './reused-page';

const { browser } = setupBrowser();
const pages = new ReusedPage(browser, { baseURL: baseUrl(), reducedMotion: 'reduce' });
afterAll(() => pages.close());

const types = (p: PlannedPath) => p.path.steps.map((s) => s.event.type);
const planned = plannedPaths(sessionPaths);
const signIn = planned.find(
  (p) =>
    types(p).join() ===
    'xstate.done.actor.readToken,auth.login.submit,xstate.done.actor.login,xstate.done.actor.loadUser',
)!;
const signOut = planned.find((p) => types(p).includes('xstate.done.actor.logout'))!;

describe('session paths walked for real on a running server', () => {
  it.each([
    ['signs in with the fresh account', signIn],
    ['signs out of a saved sign-in', signOut],
  ])(
    '%s: every server answer is the real one',
    async (_what, path) => {
      expect(path).toBeDefined();
      expect(realSkip(sessionPaths, path)).toBeNull();
      const account = await realAccount(baseUrl(), 'session');
      const result = await runPath(sessionPaths, path, await pages.take(), undefined, account).finally(() =>
        pages.release(),
      );
      const texts = result.steps.map((s) => s.text);
      expect(result.error ?? null, texts.join('\n')).toBeNull();
      // Each answer step is the real one, shown as a held answer is: its status, its body, and its cause,
      // which is what the path did for real.
      const answers = result.steps.filter((s) => s.kind === 'answer');
      expect(answers.length).toBe(
        path.path.steps.filter((s) => /actor\.(login|loadUser|logout)$/.test(s.event.type)).length,
      );
      for (const answer of answers) {
        expect(answer.text).toMatch(/with 200 \(for real\)$/);
        expect(answer.answer?.status).toBe(200);
        expect(answer.answer?.body).not.toBe('');
        expect(answer.answer?.cause).toMatch(/^walked for real on .+: the server answered what the path did \(.+\)$/);
      }
      expect(texts.join('\n')).toContain(`signed in: the header shows ${account.credits} credits`);
    },
    90_000,
  );
});
