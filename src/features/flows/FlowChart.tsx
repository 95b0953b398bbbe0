import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import * as buttons from '../../components/ui/button/button.css';
import type { FlowGraph } from './graph';
import { pathData, ROW_FONT, TITLE_FONT, type FlowLayout } from './layout';
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
}

interface View {
  k: number;
  x: number;
  y: number;
}

const clampK = (k: number) => Math.min(4, Math.max(0.1, k));

/** The statechart as SVG with zoom (wheel, buttons) and pan (drag, buttons). */
export function FlowChart({ graph, layout, active, selected, missing, onSelect }: FlowChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const arrowId = useId().replace(/:/g, '');
  const [view, setView] = useState<View>({ k: 1, x: 0, y: 0 });
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ px: number; py: number; x: number; y: number; moved: boolean } | null>(null);

  const fit = () => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || layout.width === 0) return setView({ k: 1, x: 0, y: 0 });
    const k = clampK(Math.min(rect.width / layout.width, rect.height / layout.height));
    // Centred across, top-aligned: a wide chart on a phone is a strip right under the toolbar.
    setView({ k, x: (rect.width - layout.width * k) / 2, y: Math.min(12, (rect.height - layout.height * k) / 2) });
  };
  // Fit once per layout (a new machine); later zooms are the person's.
  useEffect(fit, [layout]);

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

  const edgeClass = (key: string, kind: string) =>
    [
      styles.edge,
      kind === 'always' ? styles.always : '',
      missing ? (missing.has(key) ? styles.missing : styles.walked) : '',
    ].join(' ');

  return (
    <div className={styles.root}>
      <div className={styles.toolbar} role="toolbar" aria-label="Chart view">
        <button type="button" className={`${buttons.button.secondary} ${buttons.small}`} onClick={() => zoomAt(1.25)}>
          Zoom in
        </button>
        <button type="button" className={`${buttons.button.secondary} ${buttons.small}`} onClick={() => zoomAt(0.8)}>
          Zoom out
        </button>
        <button type="button" className={`${buttons.button.secondary} ${buttons.small}`} onClick={fit}>
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
        <span className={styles.hint}>{Math.round(view.k * 100)}%</span>
      </div>
      <div
        ref={box}
        className={styles.viewport}
        data-dragging={dragging}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <svg className={styles.svg} role="img" aria-labelledby={titleId} fontFamily="inherit">
          <title id={titleId}>
            {`Statechart of ${graph.id}: ${layout.nodes.length} states, ${graph.transitions.length} transitions`}
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
              return (
                <g
                  key={s.id}
                  data-state={s.id}
                  data-active={on}
                  data-selected={selected === s.id}
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
                  <text x={n.x + 10} y={n.y + 17} fontSize={TITLE_FONT} className={styles.title}>
                    {s.key}
                    {s.type === 'parallel' ? ' (parallel)' : ''}
                  </text>
                  {n.rows.map((r, i) => (
                    <text
                      key={i}
                      x={n.x + 10}
                      y={n.y + 34 + i * 16}
                      fontSize={ROW_FONT}
                      data-transition={r.transition?.coverageKey}
                      data-coverage={
                        r.transition && missing
                          ? missing.has(r.transition.coverageKey)
                            ? 'missing'
                            : 'walked'
                          : undefined
                      }
                      className={
                        r.transition && missing
                          ? missing.has(r.transition.coverageKey)
                            ? styles.rowMissing
                            : styles.rowWalked
                          : styles.row
                      }
                    >
                      {r.text}
                    </text>
                  ))}
                </g>
              );
            })}
            {layout.markers.map((m) => (
              <g key={m.parent} data-initial-of={m.parent}>
                <circle cx={m.x} cy={m.y} r={4} className={styles.marker} />
                <path d={pathData(m.points)} className={styles.edge} markerEnd={`url(#${arrowId})`} />
              </g>
            ))}
            {layout.edges.map((e) => (
              <g
                key={e.transition.id}
                data-transition={e.transition.coverageKey}
                data-coverage={missing ? (missing.has(e.transition.coverageKey) ? 'missing' : 'walked') : undefined}
              >
                <path
                  d={pathData(e.points)}
                  className={edgeClass(e.transition.coverageKey, e.transition.kind)}
                  markerEnd={`url(#${arrowId})`}
                />
                {e.label ? (
                  <>
                    <rect
                      x={e.label.x}
                      y={e.label.y}
                      width={e.label.width}
                      height={e.label.height}
                      rx={3}
                      className={styles.labelBox}
                    />
                    <text x={e.label.x + 4} y={e.label.y + 12} fontSize={ROW_FONT} className={styles.labelText}>
                      {e.label.text}
                    </text>
                  </>
                ) : null}
              </g>
            ))}
          </g>
        </svg>
      </div>
      <p className={styles.hint}>Drag to pan, scroll to zoom. Hover a state for its description; click to select it.</p>
    </div>
  );
}
