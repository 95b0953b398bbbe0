import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import * as buttons from '../../components/ui/button/button.css';
import { stateCount, type FlowDiff, type FlowGraph, type FlowTransition } from '../../../tools/flows/graph';
import {
  pathData,
  ROW_FONT,
  rowOffsets,
  TITLE_FONT,
  type FlowLayout,
  type LaidNode,
} from '../../../tools/flows/layout';
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
  /** A click on an edge whose event the running machine takes now sends it. */
  canSend?: (t: FlowTransition) => boolean;
  onSend?: (t: FlowTransition) => void;
  diff?: FlowDiff | null;
}

interface View {
  k: number;
  x: number;
  y: number;
}

const clampK = (k: number) => Math.min(4, Math.max(0.1, k));
/**
 * The opening zoom never enlarges (100% at most) and never shrinks text below reading size: at 80% the
 * 13 px state names and 11 px labels draw at about 12 and 10 px. A chart larger than that opens at its
 * top-left corner, where its initial state is.
 */
export const MAX_OPEN_ZOOM = 1;
export const MIN_OPEN_ZOOM = 0.8;

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
  const { graph, layout, active, selected, missing, onSelect, focus = null, matches = null, diff } = props;
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const arrowId = useId().replace(/:/g, '');
  const [view, setView] = useState<View>({ k: 1, x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const [hovered, setHovered] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const drag = useRef<{ px: number; py: number; x: number; y: number; moved: boolean } | null>(null);

  const fit = (open = false) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || layout.width === 0) return setView({ k: 1, x: 0, y: 0 });
    const whole = Math.min(rect.width / layout.width, rect.height / layout.height);
    const k = open ? Math.min(MAX_OPEN_ZOOM, Math.max(MIN_OPEN_ZOOM, whole)) : clampK(whole);
    // Centred when it fits; otherwise from the top-left corner, where the flow starts.
    const x = layout.width * k <= rect.width ? (rect.width - layout.width * k) / 2 : 0;
    const y = layout.height * k <= rect.height ? Math.min(12, (rect.height - layout.height * k) / 2) : 0;
    setView({ k, x, y });
  };
  // Fit once per layout (a new machine or fold); later zooms are the person's.
  useEffect(() => fit(true), [layout]); // eslint-disable-line react-hooks/exhaustive-deps

  // A focused state off the screen is brought to its middle (the zoom stays the person's).
  useEffect(() => {
    const rect = box.current?.getBoundingClientRect();
    const id = focus ?? selected;
    if (!rect || !id) return;
    const node = layout.nodes.find((n) => n.state.id === id || (id.startsWith(`${n.state.id}.`) && n.folded));
    if (!node) return;
    setView((v) => {
      const left = v.x + node.x * v.k;
      const top = v.y + node.y * v.k;
      const inside =
        left >= 0 &&
        top >= 0 &&
        left + Math.min(node.width * v.k, rect.width) <= rect.width &&
        top + Math.min(node.height * v.k, rect.height) <= rect.height;
      if (inside) return v;
      return {
        k: v.k,
        x: rect.width / 2 - (node.x + Math.min(node.width, rect.width / v.k) / 2) * v.k,
        y: rect.height / 2 - (node.y + Math.min(node.height, rect.height / v.k) / 2) * v.k,
      };
    });
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
  }, []);

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

  // Focus: the focused state's own transitions (and its descendants') stay; the rest is dimmed.
  const within = (id: string) => focus !== null && (id === focus || id.startsWith(`${focus}.`));
  const touches = (t: FlowTransition) => within(t.source) || within(t.target);
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
        <button type="button" className={`${buttons.button.secondary} ${buttons.small}`} onClick={() => fit()}>
          Fit
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
              const dim = focus !== null && !within(s.id) && !focus.startsWith(`${s.id}.`);
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
        {props.onToggleFold ? (
          // HTML buttons over the drawing (an image may not hold controls), moved with its pan and zoom.
          <div className={styles.overlay}>
            {layout.nodes
              .filter((n) => n.state.children.length > 0 && n.state.id !== graph.root.id)
              .map((n) => (
                <button
                  key={n.state.id}
                  type="button"
                  className={styles.foldToggle}
                  aria-label={`${n.folded ? 'Unfold' : 'Fold'} ${n.state.key}`}
                  aria-expanded={!n.folded}
                  data-fold-toggle={n.state.id}
                  title={`${n.folded ? 'Unfold' : 'Fold'} ${n.state.key}`}
                  style={{ left: view.x + (n.x + n.width) * view.k - 26, top: view.y + n.y * view.k + 4 }}
                  onPointerDown={(e) => e.stopPropagation()}
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onToggleFold?.(n.state.id);
                  }}
                >
                  {n.folded ? '+' : '−'}
                </button>
              ))}
          </div>
        ) : null}
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
      <li>+ / − fold or unfold</li>
      <li>
        <span className={styles.keySendable} /> takes an event now: click it
      </li>
      <li>Drag to pan, scroll to zoom; click a state to read it, an edge to highlight it.</li>
    </ul>
  );
}
