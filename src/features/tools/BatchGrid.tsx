/**
 * The last batch started on a tool page (RUNS-24): a tile per run in the order of its prompts, each with its
 * prompt, its place while queued and a progress bar while it works, then its picture (clip, sound)
 * with Download and Open, or its error; Download all saves the finished ones as one ZIP. What each tile shows is
 * the batch's context (`tiles`, kept current from the runs tray's list by the batch's own `followRuns`).
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { downloadName, type PageText } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import { ProgressBar } from '../../components/ui/progress/progress-bar';
import type { ToolBatchActor } from '../../app/tool-batch';
import { finishedTiles, tileActive, tileFile, type BatchTile } from '../../flows/tools/tool-batch.types';
import * as styles from './BatchGrid.css';

/** The batch's tiles, once one has started; nothing before. */
export function BatchGrid({ batch }: { batch: ToolBatchActor }) {
  const tiles = useSelector(batch, (s) => s.context.tiles);
  const page = useSelector(batch, (s) => s.context.tool.page);
  const finished = useSelector(batch, (s) => finishedTiles(s.context.tiles).length);
  if (tiles.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="batch-grid-title">
      <div className={styles.head}>
        <h2 id="batch-grid-title" className={styles.title}>
          This batch
        </h2>
        {finished > 0 ? (
          <button
            type="button"
            className={`${buttons.button.secondary} ${buttons.small}`}
            onClick={() => batch.send({ type: 'batch.zip' })}
          >
            Download all
          </button>
        ) : null}
      </div>
      <ol className={styles.grid} aria-label="Batch runs">
        {tiles.map((tile, i) => (
          <Tile key={tile.id} tile={tile} index={i + 1} page={page} />
        ))}
      </ol>
    </section>
  );
}

/** A waiting tile's state line: its place in the queue, or its progress (RUNS-4, RUNS-24). */
const waitWords = (tile: BatchTile) => {
  if (tile.status === 'queued') return tile.position ? `Queued · place ${tile.position}` : 'Queued';
  return tile.progress === null ? 'In progress' : `${Math.round(tile.progress)}%`;
};

/** One run of the batch: its prompt, then its progress, its output with its actions, or its error. */
function Tile({ tile, index, page }: { tile: BatchTile; index: number; page: PageText }) {
  const name = `Prompt ${index}`;
  const file = tile.status === 'succeeded' ? tileFile(tile) : null;
  return (
    <li className={styles.tile} aria-label={`${name}: ${tile.prompt}`} data-status={tile.status}>
      {file ? <Output url={file} page={page} prompt={tile.prompt} /> : null}
      <p className={styles.prompt}>{tile.prompt}</p>
      {tileActive(tile) ? <p className={styles.state}>{waitWords(tile)}</p> : null}
      {tileActive(tile) && tile.status !== 'queued' ? (
        <ProgressBar
          label={`${name} progress`}
          percent={tile.progress === null ? null : Math.min(100, Math.max(0, Math.round(tile.progress)))}
        />
      ) : null}
      {tile.status === 'failed' || tile.status === 'canceled' ? (
        <p className={styles.error}>{tile.error ?? (tile.status === 'canceled' ? 'Canceled' : 'Generation failed')}</p>
      ) : null}
      {tile.status === 'succeeded' ? (
        <div className={styles.actions}>
          {file && page.download ? (
            <a
              className={`${buttons.button.secondary} ${buttons.small}`}
              href={file}
              download={downloadName(page.download, 0)}
              aria-label={`Download ${name}`}
              onClick={(event) => {
                if (page.download) event.currentTarget.download = downloadName(page.download, Date.now());
              }}
            >
              Download
            </a>
          ) : null}
          <Link
            to="/creations/$id"
            params={{ id: tile.id }}
            className={`${buttons.button.ghost} ${buttons.small}`}
            aria-label={`Open ${name}`}
          >
            Open
          </Link>
        </div>
      ) : null}
    </li>
  );
}

/** A finished run's picture, clip or sound, as the tool's result view shows it. */
function Output({ url, page, prompt }: { url: string; page: PageText; prompt: string }) {
  if (page.result === 'video')
    return <video className={styles.player} src={url} controls playsInline preload="metadata" aria-label={prompt} />;
  if (page.result === 'audio')
    return <audio className={styles.player} src={url} controls preload="metadata" aria-label={prompt} />;
  return <img className={styles.media} src={url} alt={prompt} />;
}
