import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../../machines';
import * as buttons from '../../components/ui/button/button.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { loadCoverage, type CoverageFile } from './coverage';
import { FlowChart } from './FlowChart';
import { allStates, toFlowGraph, transitionLabel, type FlowGraph, type FlowState } from './graph';
import { InertRun, parseJson } from './inert';
import { layoutFlow, type FlowLayout } from './layout';
import { activeIdsOf, describeValue, useLiveActors, useLiveAvailable, type LiveActor } from './live';
import { StepPanel } from './StepPanel';
import * as styles from './FlowsPage.css';
import { sightText } from '../../../machines/shared/meta';

/** What a machine says about itself: its top-level description, else its id. */
function describe(machine: AnyStateMachine): string {
  const config = machine.config as { description?: unknown };
  if (typeof config.description === 'string') return config.description;
  return machine.root.description ?? machine.id;
}

export function FlowsPage({ machine, state }: { machine: string | null; state: string }) {
  const chosen = machine === null ? undefined : machines[machine];
  return (
    <div className={page.page}>
      <header className={page.header}>
        <p className={page.eyebrow}>
          {machine ? (
            <Link to="/flows/{-$machine}" params={{}}>
              Flows
            </Link>
          ) : (
            'Review'
          )}
        </p>
        <h1 className={page.title}>{machine && chosen ? `Flow: ${machine}` : 'Flows'}</h1>
        <p className={page.lead}>
          {chosen
            ? describe(chosen)
            : 'Every flow of the app is a statechart. Pick one to read it, step through it with inert effects and see which transitions the tests walk.'}
        </p>
      </header>
      {machine === null ? (
        <MachineList />
      ) : chosen ? (
        <>
          <nav aria-label="Machines">
            <ul className={styles.switcher}>
              {Object.keys(machines).map((name) => (
                <li key={name}>
                  <Link to="/flows/{-$machine}" params={{ machine: name }} search={{}} className={styles.chip}>
                    {name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <MachineView name={machine} machine={chosen} statePath={state} />
        </>
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

function MachineList() {
  return (
    <section aria-labelledby="machines-title" className={page.page} style={{ gap: 12 }}>
      <h2 id="machines-title" className={page.sectionTitle}>
        Machines
      </h2>
      <ul className={styles.machineGrid}>
        {Object.entries(machines).map(([name, m]) => (
          <li key={name}>
            <Link to="/flows/{-$machine}" params={{ machine: name }} search={{}} className={styles.machineCard}>
              <h3 className={styles.machineName}>{name}</h3>
              <span className={styles.muted}>{describe(m)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MachineView({ name, machine, statePath }: { name: string; machine: AnyStateMachine; statePath: string }) {
  const navigate = useNavigate();
  const graph = useMemo(() => toFlowGraph(machine), [machine]);
  const [layout, setLayout] = useState<FlowLayout | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    layoutFlow(graph).then(
      (l) => live && setLayout(l),
      (e: unknown) => live && setLayoutError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [graph]);

  const [coverage, setCoverage] = useState<CoverageFile | null | undefined>(undefined);
  const [showCoverage, setShowCoverage] = useState(false);
  useEffect(() => {
    let live = true;
    void loadCoverage().then((c) => live && setCoverage(c));
    return () => {
      live = false;
    };
  }, []);
  const own = coverage?.[name] ?? null;

  // The input editor's text; a restart runs a fresh actor with the input as it was then.
  const [inputText, setInputText] = useState('{}');
  const [applied, setApplied] = useState({ text: '{}', n: 0 });
  const parsedInput = parseJson(inputText);
  const run = useMemo(() => {
    const input = parseJson(applied.text);
    return new InertRun(machine, input.ok ? input.value : {});
  }, [machine, applied]);
  useEffect(() => {
    run.start();
    return () => run.stop();
  }, [run]);
  const restart = () => setApplied((a) => ({ text: inputText, n: a.n + 1 }));

  // Live view (development builds): the chart follows one of the app's running actors instead.
  const liveAvailable = useLiveAvailable();
  const [following, setFollowing] = useState(false);
  const [followed, setFollowed] = useState<string | null>(null);
  const liveActors = useLiveActors(liveAvailable && following);
  const running = [...liveActors.values()].filter((a) => a.machineId === machine.id);
  const live = running.find((a) => a.key === followed) ?? running[0] ?? null;

  const selectedId = statePath === '' ? null : `${graph.root.id}.${statePath}`;
  const selected = selectedId ? (allStates(graph.root).find((s) => s.id === selectedId) ?? null) : null;
  const select = (id: string) =>
    void navigate({
      to: '/flows/{-$machine}',
      params: { machine: name },
      search: id === graph.root.id ? {} : { state: id.slice(graph.root.id.length + 1) },
      replace: true,
    });

  return (
    <>
      <section aria-labelledby="chart-title" className={page.page} style={{ gap: 8 }}>
        <div className={styles.panelHead}>
          <h2 id="chart-title" className={page.sectionTitle}>
            Statechart
          </h2>
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
        {coverage === null || (coverage !== undefined && own === null) ? (
          <p className={styles.muted}>
            No coverage report was bundled with this build: run `npm run test:paths` (writes coverage/flows.json), then
            build again.
          </p>
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
          />
        ) : layoutError ? null : (
          <p className={styles.muted}>Laying out the statechart…</p>
        )}
      </section>
      <div className={styles.columns}>
        <StepPanel run={run} onRestart={restart} />
        <div className={page.page} style={{ gap: 16 }}>
          <StatePanel graph={graph} name={name} selected={selected} />
          <section className={styles.panel} aria-labelledby="input-title">
            <h2 id="input-title" className={styles.panelTitle}>
              Machine input
            </h2>
            <label className={styles.field}>
              <span>Input given to the machine on restart (JSON)</span>
              <textarea
                className={styles.textarea}
                rows={2}
                value={inputText}
                spellCheck={false}
                onChange={(e) => setInputText(e.target.value)}
              />
            </label>
            {parsedInput.ok ? null : <p className={styles.error}>{parsedInput.message}</p>}
            <button
              type="button"
              className={`${buttons.button.secondary} ${buttons.small}`}
              disabled={!parsedInput.ok}
              onClick={restart}
            >
              Restart with this input
            </button>
          </section>
        </div>
      </div>
    </>
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
function LiveChart(props: {
  live: ReadonlySet<string> | null;
  run: InertRun;
  graph: FlowGraph;
  layout: FlowLayout;
  selected: string | null;
  missing: ReadonlySet<string> | null;
  onSelect: (id: string) => void;
}) {
  const { run, live, ...rest } = props;
  useSyncExternalStore(run.subscribe, run.getVersion, run.getVersion);
  return <FlowChart {...rest} active={live ?? run.activeIds()} />;
}

function StatePanel({ graph, name, selected }: { graph: FlowGraph; name: string; selected: FlowState | null }) {
  const states = allStates(graph.root);
  const pathOf = (s: FlowState) => (s.id === graph.root.id ? '' : s.id.slice(graph.root.id.length + 1));
  const outgoing = selected ? graph.transitions.filter((t) => t.source === selected.id) : [];
  // Events the app may send here that the state drops on purpose: its own ignores, its ancestors' and
  // (for a parent) its descendants' (machines/shared/meta.ts).
  const related = selected
    ? states.filter(
        (s) => s.id === selected.id || selected.id.startsWith(`${s.id}.`) || s.id.startsWith(`${selected.id}.`),
      )
    : [];
  const ignored = related.flatMap((s) => s.ignores.map((i) => ({ ...i, at: s.id })));
  const sees = selected?.sees ?? [];
  return (
    <section className={styles.panel} aria-labelledby="states-title">
      <h2 id="states-title" className={styles.panelTitle}>
        States
      </h2>
      {selected ? (
        <div>
          <h3 className={styles.subTitle}>{pathOf(selected) || selected.id}</h3>
          <p className={styles.muted}>{selected.description ?? 'No description.'}</p>
          {selected.tags.length ? <p className={styles.muted}>Tags: {selected.tags.join(', ')}</p> : null}
          {selected.invokes.length ? (
            <p className={styles.muted}>Invokes: {selected.invokes.map((i) => i.src).join(', ')}</p>
          ) : null}
          {outgoing.length ? (
            <ul className={styles.effects}>
              {outgoing.map((t) => (
                <li key={t.id}>
                  {transitionLabel(t)} →{' '}
                  {t.targetless ? '(stays)' : t.target.slice(graph.root.id.length + 1) || t.target}
                </li>
              ))}
            </ul>
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
              search={pathOf(s) ? { state: pathOf(s) } : {}}
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
