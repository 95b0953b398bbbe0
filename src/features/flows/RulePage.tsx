import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { machines } from '../../flows';
import { CoverageLoader, coverageSourceText } from './CoverageLoader';
import { useCoverage } from './coverage-load';
import { plainRuleText, rulesReport, useRules } from './rules';
import * as styles from './FlowsPage.css';
import * as ruleStyles from './flows.css';

const walkedText = (w: boolean | null) => (w === null ? 'no path run' : w ? 'walked' : 'not walked');

function Walked({ walked }: { walked: boolean | null }) {
  if (walked === null) return <span className={styles.muted}>no path run</span>;
  return (
    <span className={walked ? ruleStyles.walked : ruleStyles.notWalked}>{walked ? '✓ walked' : '✗ not walked'}</span>
  );
}

/** The machine (registry name) and the state path below its root of a state id ('toolRun.form.error'). */
function machineOf(machine: string, stateId: string) {
  const rootId = machines[machine]?.id ?? machine;
  return { machine, path: stateId === rootId ? '' : stateId.slice(rootId.length + 1) };
}

/**
 * A product rule's page: its text, the states and transitions that serve it (each a link to its chart),
 * the tests that cite it and whether the last path run walked them.
 */
export function RulePage({ ruleId }: { ruleId: string }) {
  const rules = useRules();
  const { coverage, source } = useCoverage();
  const report = useMemo(() => (rules ? rulesReport(rules, coverage ?? null) : null), [rules, coverage]);
  const rule = report?.find((r) => r.id === ruleId) ?? null;
  const back = (
    <p className={page.eyebrow}>
      <Link to="/flows/{-$machine}" params={{}}>
        Flows
      </Link>
    </p>
  );
  if (rules === undefined || coverage === undefined)
    return (
      <div className={page.page}>
        {back}
        <p className={styles.muted}>Reading the product rules…</p>
      </div>
    );
  if (!rule)
    return (
      <div className={page.page}>
        <header className={page.header}>
          {back}
          <h1 className={page.title}>No rule {ruleId}</h1>
          <p className={page.lead}>
            {rules === null
              ? 'The product rules could not be loaded.'
              : 'docs/requirements.md has no rule with this ID. Rule IDs look like TOOL-38.'}
          </p>
        </header>
      </div>
    );
  return (
    <div className={page.page}>
      <header className={page.header}>
        {back}
        <h1 className={page.title}>{`Rule ${rule.id}`}</h1>
        <p className={ruleStyles.ruleText} data-testid="rule-text">
          {plainRuleText(rule.text)}
        </p>
        <p className={styles.muted}>
          {`Area ${rule.area}. Last path run: ${
            rule.walked === 'tests only'
              ? 'no state or transition serves this rule; only tests cite it'
              : rule.walked === 'no path run'
                ? 'no path run yet for the machines that serve it'
                : rule.walked
          }.`}{' '}
          {coverageSourceText(source)}
        </p>
      </header>
      <section className={card.padded} aria-labelledby="rule-states">
        <h2 id="rule-states" className={styles.panelTitle}>
          States
        </h2>
        {rule.states.length === 0 ? (
          <p className={styles.muted}>No state names this rule.</p>
        ) : (
          <table className={ruleStyles.table} aria-labelledby="rule-states">
            <thead>
              <tr>
                <th className={ruleStyles.headCell}>Machine</th>
                <th className={ruleStyles.headCell}>State</th>
                <th className={ruleStyles.headCell}>Last path run</th>
              </tr>
            </thead>
            <tbody>
              {rule.states.map((s) => {
                const at = machineOf(s.machine, s.state);
                return (
                  <tr key={`${s.machine}:${s.state}`}>
                    <td className={ruleStyles.cell}>{s.machine}</td>
                    <td className={ruleStyles.cell}>
                      <Link
                        to="/flows/{-$machine}"
                        params={{ machine: at.machine }}
                        search={at.path ? { state: at.path } : {}}
                      >
                        {at.path || s.state}
                      </Link>
                    </td>
                    <td className={ruleStyles.cell}>
                      <Walked walked={s.walked} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <section className={card.padded} aria-labelledby="rule-transitions">
        <h2 id="rule-transitions" className={styles.panelTitle}>
          Transitions
        </h2>
        <p className={styles.muted}>The transitions that name this rule, then those into its states.</p>
        {rule.transitions.length === 0 ? (
          <p className={styles.muted}>No transition serves this rule.</p>
        ) : (
          <table className={ruleStyles.table} aria-labelledby="rule-transitions">
            <thead>
              <tr>
                <th className={ruleStyles.headCell}>Machine</th>
                <th className={ruleStyles.headCell}>Transition</th>
                <th className={ruleStyles.headCell}>Last path run</th>
              </tr>
            </thead>
            <tbody>
              {rule.transitions.map((t, i) => {
                const [source = ''] = t.key.split(/ --.*?--> /);
                const at = machineOf(t.machine, source);
                return (
                  <tr key={`${t.machine}:${t.key}:${i}`} aria-label={`${t.key}: ${walkedText(t.walked)}`}>
                    <td className={ruleStyles.cell}>{t.machine}</td>
                    <td className={ruleStyles.cell}>
                      <Link
                        to="/flows/{-$machine}"
                        params={{ machine: at.machine }}
                        search={at.path ? { state: at.path, focus: at.path } : {}}
                      >
                        <code>{t.key}</code>
                      </Link>
                    </td>
                    <td className={ruleStyles.cell}>
                      <Walked walked={t.walked} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <section className={card.padded} aria-labelledby="rule-tests">
        <h2 id="rule-tests" className={styles.panelTitle}>
          Tests
        </h2>
        {rule.tests.length === 0 ? (
          <p className={styles.muted}>No test cites this rule in its title.</p>
        ) : (
          <ul className={styles.effects} aria-labelledby="rule-tests">
            {rule.tests.map((t) => (
              <li key={`${t.file}:${t.line}`}>
                <code>{`${t.file}:${t.line}`}</code> — {t.title}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={card.padded} aria-label="Coverage">
        <CoverageLoader />
      </section>
    </div>
  );
}
