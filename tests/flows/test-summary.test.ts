/** `npm test`'s closing lines: the model replays counted apart, the plain total last (CI reads it). */
import { describe, expect, it } from 'vitest';
import { REPLAY_PREFIX, summary } from '../../scripts/test-summary.mjs';

const test = (status: string, ...ancestorTitles: string[]) => ({ status, ancestorTitles });

describe("npm test's summary", () => {
  it('counts the tests under a model replay block apart from the behaviour tests, and ends with the plain total', () => {
    const lines = summary({
      numPassedTests: 4,
      numFailedTests: 2,
      testResults: [
        {
          assertionResults: [
            test('passed', `${REPLAY_PREFIX}session (a smoke check)`),
            test('failed', `${REPLAY_PREFIX}theme (a smoke check)`),
            test('passed', 'session flows', `${REPLAY_PREFIX}not at the top`),
            test('skipped', `${REPLAY_PREFIX}sidebar (a smoke check)`),
          ],
        },
        { assertionResults: [test('passed'), test('passed', 'a block'), test('failed', 'a block')] },
      ],
    });
    expect(lines).toEqual([
      'of which model replays: 1 passed, 1 failed; behaviour tests: 3 passed, 1 failed',
      'tests: 4 passed, 2 failed',
    ]);
  });
});
