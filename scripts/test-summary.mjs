// The closing lines of `npm test`, from vitest's JSON report.

/**
 * A model replay is a test under a describe whose title starts with this (describeFlows in
 * tests/flows/harness.ts names its blocks so): the one rule that tells the replays of a machine against
 * itself from the behaviour tests.
 */
export const REPLAY_PREFIX = 'model replay: ';

/** Passed and failed counts of the report's tests, the model replays apart; the plain total is the last line. */
export function summary(report) {
  const counts = { replays: { passed: 0, failed: 0 }, behaviour: { passed: 0, failed: 0 } };
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'passed' && test.status !== 'failed') continue;
      const kind = test.ancestorTitles?.[0]?.startsWith(REPLAY_PREFIX) ? 'replays' : 'behaviour';
      counts[kind][test.status] += 1;
    }
  }
  const { replays, behaviour } = counts;
  return [
    `of which model replays: ${replays.passed} passed, ${replays.failed} failed; ` +
      `behaviour tests: ${behaviour.passed} passed, ${behaviour.failed} failed`,
    // CI reads this line, last and in this plain form.
    `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  ];
}
