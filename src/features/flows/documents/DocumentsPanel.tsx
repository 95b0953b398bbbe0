import { useId, useState, type DragEvent } from 'react';
import type { AnyStateMachine } from 'xstate';
import * as buttons from '../../../components/ui/button/button.css';
import { diffGraph, type MachineDiff } from '../../../../tools/flows/documents/diff';
import {
  exportMachine,
  FORMAT_NAMES,
  FORMATS,
  type ExportedFile,
  type Format,
} from '../../../../tools/flows/documents/export';
import { graphOf, type MachineGraph } from '../../../../tools/flows/documents/model';
import type { FlowModel } from '../../../../tools/flows/documents/model-paths';
import * as styles from './DocumentsPanel.css';

/** The page's PNG: the SVG drawn on a canvas. */
async function rasterize(svg: string): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d')?.drawImage(image, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The browser could not draw the chart as a PNG');
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}

function save(file: ExportedFile): void {
  const href = URL.createObjectURL(new Blob([file.content as BlobPart], { type: file.mime }));
  const a = document.createElement('a');
  a.href = href;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A graph JSON export (the `json` format), or a message saying why the file is not one. */
export function parseGraph(text: string, machineId: string): MachineGraph | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'This file is not JSON: drop a graph exported here or by flows:export --format json.';
  }
  const g = value as Partial<MachineGraph> | null;
  if (!g || typeof g.id !== 'string' || !Array.isArray(g.states) || !Array.isArray(g.transitions))
    return 'This JSON is not a flow graph: drop a graph exported here or by flows:export --format json.';
  if (g.id !== machineId) return `This graph is of ${g.id}, not ${machineId}.`;
  return g as MachineGraph;
}

const countText = (d: MachineDiff) => {
  const parts = [
    [d.states.added.length, 'state added'],
    [d.states.removed.length, 'state removed'],
    [d.states.changed.length, 'state changed'],
    [d.transitions.added.length, 'transition added'],
    [d.transitions.removed.length, 'transition removed'],
    [d.transitions.changed.length, 'transition changed'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what.replace(/^(\w+)/, n > 1 ? '$1s' : '$1')}`);
  return said.length
    ? `Since that version: ${said.join(', ')}.`
    : 'Only the machine’s description, sends or rules changed.';
};

/**
 * Downloads of the machine's documents, and a drop zone for an earlier graph export: the page
 * is told the difference (`onDiff`) to colour the chart. Stories are offered when the flow models are given.
 */
export function DocumentsPanel({
  machine,
  models,
  onDiff,
}: {
  machine: AnyStateMachine;
  models?: readonly FlowModel[];
  onDiff?: (diff: MachineDiff | null, before: MachineGraph | null) => void;
}) {
  const formats = FORMATS.filter((f) => f !== 'stories' || (models?.length ?? 0) > 0);
  const [format, setFormat] = useState<Format>('md');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [compared, setCompared] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const id = useId();

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      save(await exportMachine(machine, format, { ...(models ? { models } : {}), rasterize }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const compare = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const graph = parseGraph(await file.text(), machine.id);
    if (typeof graph === 'string') {
      setError(graph);
      return;
    }
    const diff = diffGraph(graph, graphOf(machine));
    setCompared(diff ? countText(diff) : `No change since ${file.name}.`);
    onDiff?.(diff, graph);
  };

  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void compare(e.dataTransfer.files[0]);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Documents
      </h2>
      <div className={styles.row}>
        <label htmlFor={`${id}-format`}>Format</label>
        <select
          id={`${id}-format`}
          className={styles.select}
          value={format}
          onChange={(e) => setFormat(e.target.value as Format)}
        >
          {formats.map((f) => (
            <option key={f} value={f}>
              {FORMAT_NAMES[f]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          disabled={busy}
          onClick={() => void download()}
        >
          {busy ? 'Preparing…' : 'Download'}
        </button>
      </div>
      <label
        className={styles.drop}
        data-over={over}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        Compare with an earlier version: drop its graph JSON here, or{' '}
        <input
          type="file"
          accept=".json,application/json"
          aria-label="Graph JSON to compare with"
          onChange={(e) => void compare(e.target.files?.[0])}
        />
      </label>
      {compared ? (
        <p className={styles.muted} aria-live="polite">
          {compared}{' '}
          <button
            type="button"
            className={`${buttons.button.secondary} ${buttons.small}`}
            onClick={() => {
              setCompared(null);
              onDiff?.(null, null);
            }}
          >
            Clear
          </button>
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
