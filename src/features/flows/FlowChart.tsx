import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import * as buttons from '../../components/ui/button/button.css';
import { stateCount, type FlowDiff, type FlowGraph, type FlowTransition } from '../../../tools/flows/graph';
import {
  INPUTS_INSET,
  pathData,
  ROW_FONT,
  rowOffsets,
  TITLE_FONT,
  type FlowLayout,
  type LaidNode,
} from '../../../tools/flows/layout';
import { activeBoxes, boundsOf, drawnNodeOf, fitBox, reveal, type Box, type View } from './view';
import * as styles from './FlowChart.css';

export interface FlowChartProps {
  graph: FlowGraph;
  layout: FlowLayout;
  /** Ids of the active state nodes. */
  active: ReadonlySet<string>;
  selected: string | null;
  /** Coverage keys not walked; null when the overlay is off. */
  missing: ReadonlySet<string> | null;
  onSelect: (stateId: string) => void;
  /** The state whose transitions in and out are highlighted (the rest dimmed). */
  focus?: string | null;
  /** States and events the search box matched. */
  matches?: ReadonlySet<string> | null;
  /** Opens or closes a compound state. */
  onToggleFold?: (stateId: string) => void;
  /** Focuses a compound state (null: none); its control is beside the fold one. */
  onFocus?: (stateId: string | null) => void;
  /** Shows or hides a state's inputs (self-transitions that only set context) as loops. */
  onToggleInputs?: (stateId: string) => void;
  /** The states of the machine's happy path (view.ts), which "Fit happy path" fits. */
  happy?: readonly string[];
  /** A click on an edge whose event the running machine takes now sends it. */
  canSend?: (t: FlowTransition) => boolean;
  onSend?: (t: FlowTransition) => void;
  diff?: FlowDiff | null;
}

const clampK = (k: number) => Math.min(4, Math.max(0.1, k));
/** How long the view glides to a step's states (none when the person asks for reduced motion). */
const GLIDE_MS = 280;
const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const diffClass = (diff: FlowDiff | null | undefined, key: string) =>
  !diff
    ? undefined
    : diff.added.has(key)
      ? 'added'
      : diff.removed.has(key)
        ? 'removed'
        : diff.changed.has(key)
          ? 'changed'
          : undefined;

/** The statechart as SVG with zoom (wheel, buttons) and pan (drag, buttons). */
export function FlowChart(props: FlowChartProps) {
  const { graph, layout, active, selected, missing, onSelect, focus = null, matches = null, diff, happy = [] } = props;
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const arrowId = useId().replace(/:/g, '');
  const [view, setViewNow] = useState<View>({ k: 1, x: 0, y: 0 });
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  }, [view]);
  const glide = useRef(0);
  const [dragging, setDragging] = useState(false);
  const [hovered, setHovered] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const drag = useRef<{ px: number; py: number; x: number; y: number; moved: boolean } | null>(null);

  /** Sets the view at once (a person's zoom or pan: it stops a glide). */
  const setView = (next: View | ((v: View) => View)) => {
    cancelAnimationFrame(glide.current);
    setViewNow(next);
  };
  /** Moves the view to `to`, gliding unless reduced motion is asked for. */
  const moveTo = (to: View) => {
    cancelAnimationFrame(glide.current);
    const from = viewRef.current;
    if (reducedMotion() || (from.k === to.k && from.x === to.x && from.y === to.y)) return setViewNow(to);
    const t0 = performance.now();
    const frame = (now: number) => {
      const p = Math.min(1, (now - t0) / GLIDE_MS);
      const e = 1 - (1 - p) ** 3;
      setViewNow({ k: from.k + (to.k - from.k) * e, x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e });
      if (p < 1) glide.current = requestAnimationFrame(frame);
    };
    glide.current = requestAnimationFrame(frame);
  };
  useEffect(() => () => cancelAnimationFrame(glide.current), []);

  const sizeOf = () => {
    const rect = box.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? { width: rect.width, height: rect.height } : null;
  };
  const whole: Box = { x: 0, y: 0, width: layout.width, height: layout.height };
  const activeKey = [...active].sort().join(',');
  const activeBox = useMemo(
    () => boundsOf(activeBoxes(layout, active)),
    [layout, activeKey], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const happyBox = useMemo(
    () =>
      boundsOf([...new Set(happy.map((id) => drawnNodeOf(layout, id)))].filter((n): n is LaidNode => n !== undefined)),
    [layout, happy],
  );

  /** Fits the whole chart (the readable zoom at least: then it pans) or the happy path's states. */
  const fit = (what: 'whole' | 'happy') => {
    const size = sizeOf();
    if (!size || layout.width === 0) return;
    const target = what === 'happy' && happyBox ? happyBox : whole;
    moveTo(fitBox(target, size));
  };
  // The state whose fold or inputs control was used: the next layout keeps it in sight.
  const pivot = useRef<string | null>(null);
  // Fit once per machine, with the active states in sight; later zooms are the person's. A new layout after
  // a fold (or inputs shown) keeps the zoom and brings the state that changed into sight.
  const opened = useRef(false);
  const place = () => {
    const size = sizeOf();
    if (!size || layout.width === 0) return setView({ k: 1, x: 0, y: 0 });
    const node = pivot.current ? drawnNodeOf(layout, pivot.current) : undefined;
    pivot.current = null;
    if (opened.current && node) return setView(reveal(viewRef.current, node, size));
    opened.current = true;
    const open = fitBox(whole, size);
    setView(activeBox ? reveal(open, activeBox, size) : open);
  };
  // (On the next frame: the canvas is measured once the new drawing is in the page.)
  useEffect(() => {
    const frame = requestAnimationFrame(place);
    return () => cancelAnimationFrame(frame);
  }, [layout]); // eslint-disable-line react-hooks/exhaustive-deps

  // While stepping, the view keeps the active states in sight, at a readable zoom.
  const shownActive = useRef(activeKey);
  useEffect(() => {
    if (shownActive.current === activeKey) return;
    shownActive.current = activeKey;
    const size = sizeOf();
    if (size && activeBox) moveTo(reveal(viewRef.current, activeBox, size));
  }, [activeKey, activeBox]);

  // A focused or selected state off the screen is brought to its middle (the zoom stays the person's).
  useEffect(() => {
    const size = sizeOf();
    const id = focus ?? selected;
    const node = id ? drawnNodeOf(layout, id) : undefined;
    if (size && node) moveTo(reveal(viewRef.current, node, size, 0));
  }, [focus, selected, layout]);

  const zoomAt = (factor: number, cx?: number, cy?: number) =>
    setView((v) => {
      const rect = box.current?.getBoundingClientRect();
      const ox = cx ?? (rect ? rect.width / 2 : 0);
      const oy = cy ?? (rect ? rect.height / 2 : 0);
      const k = clampK(v.k * factor);
      return { k, x: ox - ((ox - v.x) * k) / v.k, y: oy - ((oy - v.y) * k) / v.k };
    });

  // React's wheel listener is passive, so it cannot keep the page from scrolling while zooming.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - rect.left, e.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));

  const onPointerDown = (e: ReactPointerEvent) => {
    drag.current = { px: e.clientX, py: e.clientY, x: view.x, y: view.y, moved: false };
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.px;
    const dy = e.clientY - d.py;
    if (!d.moved && Math.abs(dx) + Math.abs(dy) > 4) {
      d.moved = true;
      setDragging(true);
      (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    }
    if (d.moved) setView((v) => ({ ...v, x: d.x + dx, y: d.y + dy }));
  };
  const onPointerUp = () => {
    setDragging(false);
    // A click (no drag) on a state selects it; the click handler reads this after pointerup.
    setTimeout(() => (drag.current = null));
  };
  const select = (id: string) => {
    if (drag.current?.moved) return;
    onSelect(id);
  };

  // Focus: the focused state's own transitions (and its descendants'), and the states they lead to or
  // come from, stay; the rest is dimmed.
  const within = (id: string) => focus !== null && (id === focus || id.startsWith(`${focus}.`));
  const touches = (t: FlowTransition) => within(t.source) || within(t.target);
  const near = new Set(
    focus === null
      ? []
      : graph.transitions
          .filter(touches)
          .flatMap((t) => [t.source, t.target])
          .map((id) => drawnNodeOf(layout, id)?.state.id),
  );
  const coverage = (key: string) => (missing ? (missing.has(key) ? 'missing' : 'walked') : undefined);
  const lit = hovered ?? picked;
  const short = (id: string) => (id === graph.id ? id : id.slice(graph.id.length + 1));
  const canSend = (t: FlowTransition) => props.canSend?.(t) ?? false;

  const rowsOf = (n: LaidNode) => {
    const ys = rowOffsets(n.rows);
    return n.rows.map((r, i) => {
      const y = n.y + ys[i]!;
      if (r.kind === 'state' && r.state) {
        const s = r.state;
        return (
          <g
            key={s.id}
            data-state={s.id}
            data-active={active.has(s.id)}
            data-selected={selected === s.id}
            data-diff={diffClass(diff, s.id)}
            data-match={matches?.has(s.id) || undefined}
            onClick={(e) => {
              e.stopPropagation();
              select(s.id);
            }}
          >
            <title>{s.description ? `${s.key}: ${s.description}` : s.key}</title>
            <text
              x={n.x + 14 + (r.indent ?? 0) * 12}
              y={y}
              fontSize={TITLE_FONT}
              data-name=""
              className={active.has(s.id) ? styles.rowActive : styles.rowState}
              textDecoration={selected === s.id ? 'underline' : undefined}
            >
              {`▸ ${s.key}`}
            </text>
          </g>
        );
      }
      if (r.kind === 'inputs' && r.inputs) {
        return (
          <text
            key={`inputs-${i}`}
            x={n.x + 10 + INPUTS_INSET - 8}
            y={y}
            fontSize={ROW_FONT}
            data-inputs={n.state.id}
            data-count={r.inputs.transitions.length}
            data-shown={r.inputs.shown}
            className={styles.rowInputs}
          >
            {`${r.inputs.shown ? '▾' : '▸'} ${r.text}`}
          </text>
        );
      }
      const t = r.transition;
      return (
        <text
          key={i}
          x={n.x + 10}
          y={y}
          fontSize={ROW_FONT}
          data-transition={t?.coverageKey}
          data-coverage={t ? coverage(t.coverageKey) : undefined}
          data-label={t ? '' : undefined}
          className={t && missing ? (missing.has(t.coverageKey) ? styles.rowMissing : styles.rowWalked) : styles.row}
        >
          {r.text}
        </text>
      );
    });
  };

  return (
    <div className={styles.root}>
      <div className={styles.toolbar} role="toolbar" aria-label="Chart view">
        <button type="button" className={`${buttons.button.secondary} ${buttons.small}`} onClick={() => zoomAt(1.25)}>
          Zoom in
        </button>
        <button type="button" className={`${buttons.button.secondary} ${buttons.small}`} onClick={() => zoomAt(0.8)}>
          Zoom out
        </button>
        {happyBox ? (
          <button
            type="button"
            className={`${buttons.button.secondary} ${buttons.small}`}
            title="Fit the states from the start to the flow's good end"
            onClick={() => fit('happy')}
          >
            Fit happy path
          </button>
        ) : null}
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          title="Fit the whole chart, never below readable names (then drag to pan)"
          onClick={() => fit('whole')}
        >
          Fit whole chart
        </button>
        {(
          [
            ['Pan left', '←', 80, 0],
            ['Pan right', '→', -80, 0],
            ['Pan up', '↑', 0, 80],
            ['Pan down', '↓', 0, -80],
          ] as const
        ).map(([label, glyph, dx, dy]) => (
          <button
            key={label}
            type="button"
            aria-label={label}
            title={label}
            className={`${buttons.button.ghost} ${buttons.small}`}
            onClick={() => pan(dx, dy)}
          >
            {glyph}
          </button>
        ))}
        <span className={styles.hint} data-testid="zoom">
          {Math.round(view.k * 100)}%
        </span>
      </div>
      <div
        ref={box}
        className={styles.viewport}
        data-dragging={dragging}
        data-focus={focus ?? undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <svg className={styles.svg} role="img" aria-labelledby={titleId} fontFamily="inherit">
          <title id={titleId}>
            {`Statechart of ${graph.id}: ${stateCount(graph)} states (${layout.nodes.length - 1} drawn), ${graph.transitions.length} transitions`}
          </title>
          <defs>
            <marker
              id={arrowId}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0 0L10 5L0 10z" className={styles.arrow} />
            </marker>
          </defs>
          <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
            {layout.nodes.map((n) => {
              const s = n.state;
              const on = active.has(s.id);
              const dim = focus !== null && !within(s.id) && !focus.startsWith(`${s.id}.`) && !near.has(s.id);
              return (
                <g
                  key={s.id}
                  data-state={s.id}
                  data-active={on}
                  data-selected={selected === s.id}
                  data-folded={n.folded || undefined}
                  data-dim={dim || undefined}
                  data-diff={diffClass(diff, s.id)}
                  data-match={matches?.has(s.id) || undefined}
                  className={dim ? styles.dim : undefined}
                  onClick={(e) => {
                    e.stopPropagation();
                    select(s.id);
                  }}
                  style={{ cursor: 'pointer' }}
                >
                  <title>{s.description ? `${s.key}: ${s.description}` : s.key}</title>
                  <rect
                    x={n.x}
                    y={n.y}
                    width={n.width}
                    height={n.height}
                    rx={8}
                    className={[
                      styles.state,
                      n.depth % 2 ? styles.stateNested : '',
                      s.region ? styles.region : '',
                      on ? styles.stateActive : '',
                      matches?.has(s.id) ? styles.stateMatch : '',
                    ].join(' ')}
                  />
                  {s.type === 'final' ? (
                    <rect
                      x={n.x + 3}
                      y={n.y + 3}
                      width={n.width - 6}
                      height={n.height - 6}
                      rx={6}
                      className={styles.state}
                      fill="none"
                    />
                  ) : null}
                  {selected === s.id ? (
                    <rect
                      x={n.x - 4}
                      y={n.y - 4}
                      width={n.width + 8}
                      height={n.height + 8}
                      rx={10}
                      className={styles.stateSelected}
                    />
                  ) : null}
                  <text x={n.x + 10} y={n.y + 17} fontSize={TITLE_FONT} className={styles.title} data-name="">
                    {s.key}
                    {s.type === 'parallel' ? ' (parallel)' : ''}
                  </text>
                  {rowsOf(n)}
                </g>
              );
            })}
            {layout.markers.map((m) => (
              <g key={m.parent} data-initial-of={m.parent}>
                <circle cx={m.x} cy={m.y} r={4} className={styles.marker} />
                <path d={pathData(m.points)} className={styles.edge} markerEnd={`url(#${arrowId})`} />
              </g>
            ))}
            {layout.edges.map((e) => {
              const keys = e.parts.map((p) => p.transition.coverageKey);
              const dim = focus !== null && !e.parts.some((p) => touches(p.transition));
              const on = e.parts.some((p) => lit === p.transition.id) || (focus !== null && !dim);
              const changed = keys.map((k) => diffClass(diff, k)).find((d) => d !== undefined);
              let line = 0;
              return (
                <g
                  key={e.transition.id}
                  data-edge-group={e.transition.id}
                  data-dim={dim || undefined}
                  className={[dim ? styles.dim : '', on ? styles.lit : ''].join(' ')}
                >
                  <path
                    d={pathData(e.points)}
                    className={[
                      styles.edge,
                      e.transition.kind === 'always' || e.transition.kind === 'after' ? styles.always : '',
                      missing ? (keys.some((k) => missing.has(k)) ? styles.missing : styles.walked) : '',
                      changed ? styles[changed] : '',
                    ].join(' ')}
                    markerEnd={`url(#${arrowId})`}
                  />
                  <path
                    d={pathData(e.points)}
                    className={styles.edgeHit}
                    onPointerEnter={() => setHovered(e.transition.id)}
                    onPointerLeave={() => setHovered(null)}
                  />
                  {e.label ? (
                    <rect
                      x={e.label.x}
                      y={e.label.y}
                      width={e.label.width}
                      height={e.label.height}
                      rx={3}
                      className={e.parts.some((p) => canSend(p.transition)) ? styles.labelSendable : styles.labelBox}
                    />
                  ) : null}
                  {e.parts.map(({ transition: t, lines }) => {
                    const sendable = canSend(t);
                    const first = line;
                    line += lines.length;
                    return (
                      <g
                        key={t.id}
                        data-transition={t.coverageKey}
                        data-edge={t.id}
                        data-coverage={coverage(t.coverageKey)}
                        data-dim={(focus !== null && !touches(t)) || undefined}
                        data-lit={lit === t.id || undefined}
                        data-diff={diffClass(diff, t.coverageKey)}
                        data-match={matches?.has(t.id) || undefined}
                        data-sendable={sendable || undefined}
                        className={lit === t.id ? styles.partLit : undefined}
                        onPointerEnter={() => setHovered(t.id)}
                        onPointerLeave={() => setHovered(null)}
                        onClick={(ev) => {
                          ev.stopPropagation();
                          if (drag.current?.moved) return;
                          if (sendable) props.onSend?.(t);
                          setPicked((p) => (p === t.id && !sendable ? null : t.id));
                        }}
                        style={{ cursor: 'pointer' }}
                      >
                        <title>{`${short(t.source)} → ${t.targetless ? '(stays)' : short(t.target)}: ${lines.join(' ')}${sendable ? ' (click to send)' : ''}`}</title>
                        {e.label
                          ? lines.map((text, i) => (
                              <text
                                key={i}
                                x={e.label!.x + 4}
                                y={e.label!.y + 12 + (first + i) * 16}
                                fontSize={ROW_FONT}
                                data-label=""
                                className={
                                  matches?.has(t.id)
                                    ? styles.labelMatch
                                    : i === 0 || e.parts.length > 1
                                      ? styles.labelText
                                      : styles.labelAction
                                }
                              >
                                {text}
                              </text>
                            ))
                          : null}
                      </g>
                    );
                  })}
                </g>
              );
            })}
          </g>
        </svg>
        {/* HTML buttons over the drawing (an image may not hold controls), moved with its pan and zoom. */}
        <div className={styles.overlay}>
          {layout.nodes
            .filter((n) => n.state.children.length > 0 && n.state.id !== graph.root.id)
            .map((n) => {
              const left = view.x + (n.x + n.width) * view.k - 26;
              const top = view.y + n.y * view.k + 4;
              const focused = focus === n.state.id;
              return [
                props.onToggleFold ? (
                  <button
                    key={`fold-${n.state.id}`}
                    type="button"
                    className={styles.foldToggle}
                    aria-label={`${n.folded ? 'Unfold' : 'Fold'} ${n.state.key}`}
                    aria-expanded={!n.folded}
                    data-fold-toggle={n.state.id}
                    title={`${n.folded ? 'Unfold' : 'Fold'} ${n.state.key}`}
                    style={{ left, top }}
                    onPointerDown={(e) => e.stopPropagation()}
                    onClick={(e) => {
                      e.stopPropagation();
                      pivot.current = n.state.id;
                      props.onToggleFold?.(n.state.id);
                    }}
                  >
                    {n.folded ? '+' : '−'}
                  </button>
                ) : null,
                props.onFocus ? (
                  <button
                    key={`focus-${n.state.id}`}
                    type="button"
                    className={styles.foldToggle}
                    aria-label={`${focused ? 'Stop focusing on' : 'Focus on'} ${n.state.key}`}
                    aria-pressed={focused}
                    data-focus-toggle={n.state.id}
                    title={`${focused ? 'Stop focusing on' : 'Focus on'} ${n.state.key} (dims the rest)`}
                    style={{ left: left - 26, top }}
                    onPointerDown={(e) => e.stopPropagation()}
                    onClick={(e) => {
                      e.stopPropagation();
                      props.onFocus?.(focused ? null : n.state.id);
                    }}
                  >
                    ◎
                  </button>
                ) : null,
              ];
            })}
          {props.onToggleInputs
            ? layout.nodes.flatMap((n) => {
                const ys = rowOffsets(n.rows);
                return n.rows.flatMap((r, i) =>
                  r.kind === 'inputs' && r.inputs ? (
                    <button
                      key={`inputs-${n.state.id}`}
                      type="button"
                      className={styles.inputsToggle}
                      aria-label={`${r.inputs.shown ? 'Hide' : 'Show'} the ${r.text.replace(' here', ` in ${n.state.key}`)}`}
                      aria-expanded={r.inputs.shown}
                      data-inputs-toggle={n.state.id}
                      title={r.inputs.transitions.map((t) => t.event).join(', ')}
                      style={{
                        left: view.x + (n.x + 8) * view.k,
                        top: view.y + (n.y + ys[i]! - ROW_FONT - 1) * view.k,
                        width: (n.width - 16) * view.k,
                        height: (ROW_FONT + 5) * view.k,
                      }}
                      onPointerDown={(e) => e.stopPropagation()}
                      onClick={(e) => {
                        e.stopPropagation();
                        pivot.current = n.state.id;
                        props.onToggleInputs?.(n.state.id);
                      }}
                    />
                  ) : (
                    []
                  ),
                );
              })
            : null}
        </div>
      </div>
      <Legend />
    </div>
  );
}

function Legend() {
  return (
    <ul className={styles.legend} aria-label="Legend">
      <li>
        <span className={styles.keyActive} /> active state
      </li>
      <li>
        <span className={styles.keyEdge} /> transition: event [guard] / actions
      </li>
      <li>
        <span className={styles.keyDashed} /> after a delay or always
      </li>
      <li>● initial state</li>
      <li>+ / − fold or unfold, ◎ focus</li>
      <li>▸ N inputs handled here: click to draw them</li>
      <li>
        <span className={styles.keySendable} /> takes an event now: click it
      </li>
      <li>Drag to pan, scroll to zoom; click a state to read it, an edge to highlight it.</li>
    </ul>
  );
}
