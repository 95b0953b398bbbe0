import { Link } from '@tanstack/react-router';
import * as buttons from '../../components/ui/button/button.css';
import { sightText } from '../../flows/shared/meta';
import { allStates, transitionText, type FlowGraph, type FlowState } from '../../../tools/flows/graph';
import * as styles from './FlowsPage.css';
import { RuleChip } from './RuleChip';
import * as ruleStyles from './flows.css';
import type { FlowsSearch } from './search-schema';

/** The chosen state: what it says, does and shows, its transitions, and every state as a link. */
export function StatePanel(props: {
  graph: FlowGraph;
  name: string;
  /** Each product rule's text by its ID (empty until the rules load). */
  ruleTexts: ReadonlyMap<string, string>;
  selected: FlowState | null;
  focused: boolean;
  onFocus: (id: string | null) => void;
}) {
  const { graph, name, ruleTexts, selected, focused, onFocus } = props;
  const states = allStates(graph.root);
  const pathOf = (s: FlowState) => (s.id === graph.root.id ? '' : s.id.slice(graph.root.id.length + 1));
  const short = (id: string) => (id === graph.root.id ? id : id.slice(graph.root.id.length + 1));
  const outgoing = selected ? graph.transitions.filter((t) => t.source === selected.id) : [];
  const incoming = selected ? graph.transitions.filter((t) => t.target === selected.id && !t.targetless) : [];
  // Events the app may send here that the state drops on purpose: its own ignores, its ancestors' and
  // (for a parent) its descendants' (src/flows/shared/meta.ts).
  const related = selected
    ? states.filter(
        (s) => s.id === selected.id || selected.id.startsWith(`${s.id}.`) || s.id.startsWith(`${selected.id}.`),
      )
    : [];
  const ignored = related.flatMap((s) => s.ignores.map((i) => ({ ...i, at: s.id })));
  const sees = selected?.sees ?? [];
  const rules = selected?.rules ?? [];
  return (
    <section className={styles.panel} aria-labelledby="states-title">
      <h2 id="states-title" className={styles.panelTitle}>
        States
      </h2>
      {selected ? (
        <div className={styles.stateDetails}>
          <div className={styles.panelHead}>
            <h3 className={styles.subTitle}>{pathOf(selected) || selected.id}</h3>
            <button
              type="button"
              className={`${buttons.button.secondary} ${buttons.small}`}
              aria-pressed={focused}
              onClick={() => onFocus(focused ? null : selected.id)}
            >
              {focused ? 'Clear focus' : 'Focus on this state'}
            </button>
          </div>
          <p className={styles.muted}>{selected.description ?? 'No description.'}</p>
          {selected.tags.length ? <p className={styles.muted}>Tags: {selected.tags.join(', ')}</p> : null}
          {selected.invokes.length ? (
            <p className={styles.muted}>Invokes: {selected.invokes.map((i) => i.src).join(', ')}</p>
          ) : null}
          {selected.entry.length ? <p className={styles.muted}>On entry: {selected.entry.join(', ')}</p> : null}
          {selected.exit.length ? <p className={styles.muted}>On exit: {selected.exit.join(', ')}</p> : null}
          {outgoing.length ? (
            <>
              <h4 className={styles.subTitle}>Transitions out</h4>
              <ul className={styles.effects} aria-label="Transitions out">
                {outgoing.map((t) => (
                  <li key={t.id}>
                    {transitionText(t)} → {t.targetless ? '(stays)' : short(t.target)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {incoming.length ? (
            <>
              <h4 className={styles.subTitle}>Transitions in</h4>
              <ul className={styles.effects} aria-label="Transitions in">
                {incoming.map((t) => (
                  <li key={t.id}>
                    {short(t.source)} → {transitionText(t)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {sees.length ? (
            <>
              <h4 className={styles.subTitle}>The person sees</h4>
              <ul className={styles.effects} aria-label="The person sees">
                {sees.map((sight) => (
                  <li key={JSON.stringify(sight)}>{sightText(sight)}</li>
                ))}
              </ul>
            </>
          ) : null}
          {ignored.length ? (
            <>
              <h4 className={styles.subTitle}>Ignored on purpose</h4>
              <ul className={styles.effects} aria-label="Ignored on purpose">
                {ignored.map((i) => (
                  <li key={`${i.at}:${i.events.join()}`}>
                    {i.events.join(', ')}: {i.why}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h4 className={styles.subTitle}>Product rules</h4>
          {rules.length ? (
            <ul className={ruleStyles.chipList} aria-label="Product rules">
              {rules.map((r) => (
                <li key={r}>
                  <RuleChip id={r} text={ruleTexts.get(r)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No product rule names this state yet.</p>
          )}
        </div>
      ) : (
        <p className={styles.muted}>Choose a state, here or in the chart, to read its description and transitions.</p>
      )}
      <ul className={styles.stateList} aria-label="Every state">
        {states.map((s) => (
          <li key={s.id} style={{ paddingLeft: (s.id.split('.').length - 1) * 14 }}>
            <Link
              to="/flows/{-$machine}"
              params={{ machine: name }}
              search={(prev: FlowsSearch) => {
                const { state: _, ...rest } = prev;
                return pathOf(s) ? { ...rest, state: pathOf(s) } : rest;
              }}
              className={styles.stateLink}
              data-selected={selected?.id === s.id}
              title={s.description ?? undefined}
            >
              {s.key}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
