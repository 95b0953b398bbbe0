import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../flows';
import { groupedMachines, machineName } from '../../flows/groups';
import * as buttons from '../../components/ui/button/button.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { useCoverage } from './coverage-load';
import { CoverageLoader } from './CoverageLoader';
import { DocumentsPanel } from './DocumentsPanel';
import { exampleInputText, machineInput } from './examples';
import { FlowChart, type FlowChartProps as ChartProps } from './FlowChart';
import { defaultFolded } from '../../../tools/flows/fold';
import {
  allStates,
  pathHighlight,
  toFlowGraph,
  type FlowDiff,
  type FlowGraph,
  type FlowTransition,
} from '../../../tools/flows/graph';
import { InertRun, parseJson, type Step } from './inert';
import { layoutFlow, type FlowLayout } from '../../../tools/flows/layout';
import { activeIdsOf, describeValue, useLiveActors, useLiveAvailable, type LiveActor } from './live';
import { StatePanel } from './StatePanel';
import { StepPanel } from './StepPanel';
import { happyPath } from './view';
import type { FlowsSearch } from './search-schema';
import { searchFlows } from './search';
import { rulesReport, useRules } from './rules';
import { RuleChip } from './RuleChip';
import * as ruleStyles from './flows.css';
import * as styles from './FlowsPage.css';

/** What a machine says about itself: its top-level description, else its id. */
function describe(machine: AnyStateMachine): string {
  const config = machine.config as { description?: unknown };
  if (typeof config.description === 'string') return config.description;
  return machine.root.description ?? machine.id;
}

export function FlowsPage({
  machine,
  state,
  fold = '',
  focus = '',
  path = '',
}: {
  machine: string | null;
  state: string;
  /** Folded compound states as the address keeps them (search-schema.ts); '' for the machine's own choice. */
  fold?: string;
  focus?: string;
  /** A walked path's transition ids, comma-separated (search-schema.ts), highlighted on the chart. */
  path?: string;
}) {
  const chosen = machine === null ? undefined : machines[machine];
  if (machine !== null && chosen)
    return (
      <MachineView name={machine} machine={chosen} statePath={state} fold={fold} focusPath={focus} pathParam={path} />
    );
  return (
    <div className={page.page}>
      <header className={page.header}>
        <p className={page.eyebrow}>Review</p>
        <h1 className={page.title}>Flows</h1>
        <p className={page.lead}>
          Every flow of the app is a statechart. Pick one to read it, step through it with inert effects and see which
          transitions the tests walk.
        </p>
      </header>
      {machine === null ? (
        <MachineList />
      ) : (
        <section className={card.padded} aria-labelledby="unknown-title">
          <h2 id="unknown-title" className={page.sectionTitle}>
            No machine named “{machine}”
          </h2>
          <MachineList />
        </section>
      )}
    </div>
  );
}

/** The machines by group (src/flows/groups.ts), by their readable names. */
function MachineList() {
  return (
    <section aria-labelledby="machines-title" className={page.page} style={{ gap: 12 }}>
      <h2 id="machines-title" className={page.sectionTitle}>
        Machines
      </h2>
      {groupedMachines(Object.keys(machines)).map((group) => (
        <section key={group.name} className={styles.group} aria-label={group.name}>
          <h3 className={styles.groupTitle}>{group.name}</h3>
          <ul className={styles.machineGrid}>
            {group.machines.map((name) => (
              <li key={name}>
                <Link to="/flows/{-$machine}" params={{ machine: name }} search={{}} className={styles.machineCard}>
                  <h4 className={styles.machineName}>{machineName(name)}</h4>
                  <span className={styles.muted}>{describe(machines[name]!)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** The compact list of machines above the chart, by group. */
function MachineSwitcher({ current }: { current: string }) {
  return (
    <nav aria-label="Machines" className={styles.switcherNav}>
      <ul className={styles.switcher}>
        {groupedMachines(Object.keys(machines)).map((group) => (
          <li key={group.name} className={styles.switcherGroup}>
            <span className={styles.switcherLabel}>{group.name}</span>
            <ul className={styles.switcher}>
              {group.machines.map((name) => (
                <li key={name}>
                  <Link
                    to="/flows/{-$machine}"
                    params={{ machine: name }}
                    search={{}}
                    className={styles.chip}
                    aria-current={name === current ? 'page' : undefined}
                  >
                    {machineName(name)}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const pathBelow = (graph: FlowGraph, id: string) => (id === graph.root.id ? '' : id.slice(graph.root.id.length + 1));
const idOf = (graph: FlowGraph, path: string) => (path === '' ? null : `${graph.root.id}.${path}`);

/** The folded states the address names ('-': none), or the machine's own choice when it names none. */
function foldedFrom(graph: FlowGraph, fold: string): Set<string> {
  if (fold === '') return defaultFolded(graph);
  if (fold === '-') return new Set();
  const ids = new Set(
    allStates(graph.root)
      .filter((s) => s.children.length)
      .map((s) => s.id),
  );
  return new Set(
    fold
      .split(',')
      .map((p) => idOf(graph, p.trim()))
      .filter((id): id is string => id !== null && ids.has(id)),
  );
}

function MachineView(props: {
  name: string;
  machine: AnyStateMachine;
  statePath: string;
  fold: string;
  focusPath: string;
  pathParam: string;
}) {
  const { name, machine, statePath, fold, focusPath, pathParam } = props;
  const navigate = useNavigate();
  const graph = useMemo(() => toFlowGraph(machine), [machine]);
  const folded = useMemo(() => foldedFrom(graph, fold), [graph, fold]);
  const foldKey = [...folded].sort().join(',');
  const { coverage, source: coverageSource } = useCoverage();
  const [showCoverage, setShowCoverage] = useState(false);
  // The states whose inputs (self-transitions that only set context) are drawn as loops, not one line
  // (all of them under the coverage overlay, which marks each transition walked or not).
  const [shownInputs, setShownInputs] = useState<ReadonlySet<string>>(() => new Set());
  const toggleInputs = (id: string) =>
    setShownInputs((shown) => {
      const next = new Set(shown);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const happy = useMemo(() => happyPath(graph), [graph]);
  const [layout, setLayout] = useState<FlowLayout | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    layoutFlow(graph, folded, showCoverage ? undefined : shownInputs).then(
      (l) => live && setLayout(l),
      (e: unknown) => live && setLayoutError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [graph, foldKey, shownInputs, showCoverage]); // eslint-disable-line react-hooks/exhaustive-deps

  const own = coverage?.[name] ?? null;

  // The input editor's text; a restart runs a fresh actor with the input as it was then (and, after a
  // jump back in the log, takes the kept steps again).
  const [inputText, setInputText] = useState(() => exampleInputText(name));
  const [applied, setApplied] = useState<{ text: string; n: number; steps: readonly Step[] }>(() => ({
    text: inputText,
    n: 0,
    steps: [],
  }));
  const parsedInput = parseJson(inputText);
  const given = parsedInput.ok ? machineInput(name, parsedInput.value) : parsedInput;
  const run = useMemo(() => {
    const typed = parseJson(applied.text);
    const input = machineInput(name, typed.ok ? typed.value : {});
    return new InertRun(machine, input.ok ? input.value : {});
  }, [machine, name, applied]);
  useEffect(() => {
    run.start();
    if (applied.steps.length) void run.replay(applied.steps);
    return () => run.stop();
  }, [run]); // eslint-disable-line react-hooks/exhaustive-deps
  const restart = () => setApplied((a) => ({ text: inputText, n: a.n + 1, steps: [] }));
  const jump = (n: number) => setApplied((a) => ({ text: a.text, n: a.n + 1, steps: run.steps.slice(0, n) }));

  // Live view (development builds): the chart follows one of the app's running actors instead.
  const liveAvailable = useLiveAvailable();
  const [following, setFollowing] = useState(false);
  const [followed, setFollowed] = useState<string | null>(null);
  const liveActors = useLiveActors(liveAvailable && following);
  const running = [...liveActors.values()].filter((a) => a.machineId === machine.id);
  const live = running.find((a) => a.key === followed) ?? running[0] ?? null;

  const [query, setQuery] = useState('');
  // Rules (texts, what serves them, whether the path run walked it) for the search and the rule chips.
  const rules = useRules();
  const report = useMemo(() => (rules ? rulesReport(rules, coverage ?? null) : null), [rules, coverage]);
  const ruleTexts = useMemo(() => new Map((rules?.requirements ?? []).map((r) => [r.id, r.text])), [rules]);
  const found = useMemo(() => searchFlows(graph, name, query, report), [graph, name, query, report]);
  // The search box's matches, else the walked path the address names (path=…).
  const walked = useMemo(() => pathHighlight(graph, pathParam), [graph, pathParam]);
  const matches = query.trim()
    ? new Set([...found.states, ...found.transitions.map((t) => t.id)])
    : walked
      ? new Set([...walked.states, ...walked.transitions])
      : null;
  const [diff, setDiff] = useState<FlowDiff | null>(null);

  const states = allStates(graph.root);
  const selectedId = idOf(graph, statePath);
  const selected = selectedId ? (states.find((s) => s.id === selectedId) ?? null) : null;
  const focusId = idOf(graph, focusPath);
  const focus = focusId && states.some((s) => s.id === focusId) ? focusId : null;

  const go = (change: Partial<FlowsSearch>) =>
    void navigate({
      to: '/flows/{-$machine}',
      params: { machine: name },
      search: (prev: FlowsSearch) => {
        const next: Record<string, string> = { ...prev, ...change } as Record<string, string>;
        for (const k of Object.keys(next)) if (!next[k]) delete next[k];
        return next as FlowsSearch;
      },
      replace: true,
    });
  const select = (id: string) => go({ state: pathBelow(graph, id) });
  const setFocus = (id: string | null) => go({ focus: id ? pathBelow(graph, id) : '' });
  const toggleFold = (id: string) => {
    const next = new Set(folded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    go({
      fold: next.size
        ? [...next]
            .map((f) => pathBelow(graph, f))
            .sort()
            .join(',')
        : '-',
    });
  };

  return (
    <div className={styles.workspace}>
      <header className={styles.head}>
        <p className={page.eyebrow}>
          <Link to="/flows/{-$machine}" params={{}}>
            Flows
          </Link>
        </p>
        <h1 className={styles.title}>{`Flow: ${machineName(name)}`}</h1>
        <p className={styles.lead}>{describe(machine)}</p>
      </header>
      <MachineSwitcher current={name} />
      <section aria-labelledby="chart-title" className={styles.chartArea}>
        <div className={styles.panelHead}>
          <h2 id="chart-title" className={styles.panelTitle}>
            Statechart
          </h2>
          <label className={styles.search}>
            <span className={styles.visuallyHidden}>Find a state, event, guard, action or rule</span>
            <input
              type="search"
              placeholder="Find a state, event or rule"
              className={styles.searchInput}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                const first = found.states[0] ?? found.transitions[0]?.source;
                if (e.key === 'Enter' && first) select(first);
              }}
            />
          </label>
          {query.trim() ? (
            <span className={styles.muted} role="status">
              {found.rules.length} rules, {found.states.length} states, {found.transitions.length} transitions
            </span>
          ) : walked ? (
            <span className={styles.muted} role="status">
              {`Path: ${walked.transitions.length} transitions, ${walked.states.length} states highlighted`}
            </span>
          ) : null}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={showCoverage && own !== null}
              disabled={own === null}
              onChange={(e) => setShowCoverage(e.target.checked)}
            />
            Coverage overlay
            {own ? ` (${own.walked}/${own.transitions} walked, ${own.percent}%)` : ''}
          </label>
        </div>
        {query.trim() && found.rules.length ? (
          <div className={ruleStyles.found}>
            <h3 className={styles.subTitle}>Rules found</h3>
            <ul className={ruleStyles.chipList} aria-label="Rules found">
              {found.rules.slice(0, 12).map((r) => (
                <li key={r.id}>
                  <RuleChip id={r.id} text={r.text} />
                </li>
              ))}
            </ul>
            {found.rules.length > 12 ? <p className={styles.muted}>and {found.rules.length - 12} more</p> : null}
          </div>
        ) : null}
        {layoutError ? <p className={styles.error}>Layout failed: {layoutError}</p> : null}
        {liveAvailable ? (
          <LivePanel
            machineId={machine.id}
            following={following}
            onFollow={setFollowing}
            running={running}
            live={live}
            onChoose={setFollowed}
          />
        ) : null}
        {layout ? (
          <LiveChart
            live={following && live ? activeIdsOf(machine, live.value) : null}
            run={run}
            graph={graph}
            layout={layout}
            selected={selectedId}
            missing={showCoverage && own ? new Set(own.missing) : null}
            onSelect={select}
            focus={focus}
            matches={matches}
            onToggleFold={toggleFold}
            onFocus={setFocus}
            onToggleInputs={toggleInputs}
            happy={happy}
            diff={diff}
          />
        ) : layoutError ? null : (
          <p className={styles.muted}>Laying out the statechart…</p>
        )}
        {coverage === null || (coverage !== undefined && own === null) ? (
          <p className={styles.muted}>No path run yet: this chart has no coverage to show.</p>
        ) : null}
        <CoverageLoader source={coverageSource} />
      </section>
      <div className={styles.side}>
        <StepPanel run={run} onRestart={restart} onJump={jump} />
        <StatePanel
          graph={graph}
          name={name}
          ruleTexts={ruleTexts}
          selected={selected}
          focused={focus !== null && focus === selectedId}
          onFocus={setFocus}
        />
        <section className={styles.panel} aria-labelledby="input-title">
          <h2 id="input-title" className={styles.panelTitle}>
            Machine input
          </h2>
          <label className={styles.field}>
            <span>
              Input given to the machine on restart (JSON){name === 'toolRun' ? '; "tool" is a catalogue key' : ''}
            </span>
            <textarea
              className={styles.textarea}
              rows={3}
              value={inputText}
              spellCheck={false}
              onChange={(e) => setInputText(e.target.value)}
            />
          </label>
          {given.ok ? null : <p className={styles.error}>{given.message}</p>}
          <button
            type="button"
            className={`${buttons.button.secondary} ${buttons.small}`}
            disabled={!given.ok}
            onClick={restart}
          >
            Restart with this input
          </button>
        </section>
        <DocumentsPanel name={name} machine={machine} graph={graph} onDiff={setDiff} />
      </div>
    </div>
  );
}

/** The development toggle of the live view, and which running actor the chart follows. */
function LivePanel(props: {
  machineId: string;
  following: boolean;
  onFollow: (on: boolean) => void;
  running: LiveActor[];
  live: LiveActor | null;
  onChoose: (key: string) => void;
}) {
  const { machineId, following, onFollow, running, live, onChoose } = props;
  return (
    <div className={styles.live}>
      <label className={styles.check}>
        <input type="checkbox" checked={following} onChange={(e) => onFollow(e.target.checked)} />
        Follow the running app (development)
      </label>
      {following ? (
        running.length === 0 ? (
          <p className={styles.muted} role="status">
            No {machineId} actor is running. Use the app in this tab or another one (a development build) and it shows
            here.
          </p>
        ) : (
          <>
            {running.length > 1 ? (
              <label className={styles.check}>
                Actor
                <select value={live?.key ?? ''} onChange={(e) => onChoose(e.target.value)}>
                  {running.map((a) => (
                    <option key={a.key} value={a.key}>
                      {a.systemId ?? a.machineId} in tab {a.tab}: {describeValue(a.value)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <p className={styles.current} role="status">
              Live state: <strong data-testid="live-state">{live ? describeValue(live.value) : ''}</strong>
            </p>
          </>
        )
      ) : null}
    </div>
  );
}

/** The chart, re-rendered as the run moves so the active states stay highlighted (or a live actor's). */
function LiveChart(
  props: Omit<ChartProps, 'active' | 'canSend' | 'onSend'> & { live: ReadonlySet<string> | null; run: InertRun },
) {
  const { run, live, ...rest } = props;
  useSyncExternalStore(run.subscribe, run.getVersion, run.getVersion);
  // An edge whose event the run takes now is a button on the canvas (not while following the live app).
  const canSend = (t: FlowTransition) => {
    if (live || t.kind !== 'event' || !run.activeIds().has(t.source)) return false;
    try {
      return run.snapshot.can({ type: t.eventType } as never);
    } catch {
      return false;
    }
  };
  return (
    <FlowChart
      {...rest}
      active={live ?? run.activeIds()}
      canSend={canSend}
      onSend={(t) => run.send({ type: t.eventType })}
    />
  );
}
