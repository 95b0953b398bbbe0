/**
 * The result of a run (TOOL-3, TOOL-17 to TOOL-24, TOOL-41, TOOL-43): what can be done next comes first, in one bar
 * above the output (whose height is capped), so it shows with the result on a laptop screen without scrolling.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { downloadName, type DownloadView } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import { AudioPlayer } from '../../components/ui/media/audio-player';
import { VideoPlayer } from '../../components/ui/media/video-player';
import { Prose } from '../../components/ui/prose/prose';
import { RefineActions } from '../../components/ui/refine/refine-actions';
import { flowContext } from '../../app/flow-context';
import { useRefine } from '../../app/refine';
import { useApp } from '../../app/provider';
import { useStar } from '../../app/stars';
import { StarToggle } from '../../components/ui/star-toggle/star-toggle';
import { DOWNLOAD_FAILED, SHARE_FAILED, downloadImage, shareImage } from '../../app/save-image';
import type { ToolRunActor } from '../../app/tools';
import { isMobileAgent } from './image-prep';
import type { ToolView } from './tool-views';
import * as styles from './ToolPage.css';

// three.js is large: only a page that shows a model loads it.
const ModelViewer = lazy(() => import('../../components/ui/model-viewer/model-viewer'));

const isMedia = (result: ToolView['result']) => result === 'video' || result === 'audio' || result === 'model3d';
const isWords = (result: ToolView['result']) => result === 'text' || result === 'code';

export function ToolResult({ run, view, id }: { run: ToolRunActor; view: ToolView; id: string }) {
  const output = useSelector(run, (s) => s.context.result) ?? '';
  return (
    <section id={id} className={`${styles.card} ${styles.result}`} aria-label="Result">
      <ResultActions run={run} view={view} output={output} />
      {view.result === 'image' ? <img className={styles.resultImage} src={output} alt={view.resultAlt} /> : null}
      {view.result === 'text' ? <Prose text={output} className={styles.prose} /> : null}
      {view.result === 'code' ? <CodeBlock code={output} /> : null}
      {view.result === 'video' ? <VideoPlayer src={output} label={view.resultAlt} /> : null}
      {view.result === 'audio' ? <AudioPlayer src={output} label={view.resultAlt} /> : null}
      {view.result === 'model3d' ? (
        <Suspense fallback={<p className={styles.hint}>Loading the 3D viewer...</p>}>
          <ModelViewer url={output} label={view.resultAlt} />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * Generate Another, Run again, Edit; Download or Copy; its star (COLLECT-1) and the run in My creations when its id
 * is known; a picture's Upscale 2× and Vary (REFINE-1).
 */
function ResultActions({ run, view, output }: { run: ToolRunActor; view: ToolView; output: string }) {
  const title = useSelector(run, (s) => s.context.tool.title);
  const predictionId = useSelector(run, (s) => s.context.predictionId);
  const { download } = view;
  return (
    <div className={styles.actions}>
      <button type="button" className={buttons.button.primary} onClick={() => run.send({ type: 'tool.reset' })}>
        {view.another}
      </button>
      <button type="button" className={buttons.button.secondary} onClick={() => run.send({ type: 'tool.runAgain' })}>
        Run again
      </button>
      <button type="button" className={buttons.button.secondary} onClick={() => run.send({ type: 'tool.edit' })}>
        Edit
      </button>
      {download && isMedia(view.result) ? <FileDownload url={output} download={download} /> : null}
      {download && view.result === 'image' ? <SaveActions url={output} title={title} download={download} /> : null}
      {isWords(view.result) ? <CopyButton text={output} /> : null}
      {predictionId ? <ResultStar key={predictionId} id={predictionId} /> : null}
      {predictionId ? (
        <Link to="/creations/$id" params={{ id: predictionId }} className={buttons.button.ghost}>
          See it in My creations
        </Link>
      ) : null}
      {predictionId && view.result === 'image' ? <ResultRefine key={predictionId} id={predictionId} /> : null}
    </div>
  );
}

/** REFINE-1: Upscale 2× and Vary of a picture whose run is known. */
function ResultRefine({ id }: { id: string }) {
  const refine = useRefine([id], openRun);
  return <RefineActions {...refine} />;
}

const openRun = (id: string) => (
  <Link to="/creations/$id" params={{ id }}>
    Open it
  </Link>
);

/** COLLECT-1: the finished run's star (a new run is not starred yet). */
function ResultStar({ id }: { id: string }) {
  const star = useStar(id, false);
  return (
    <>
      <StarToggle starred={star.starred} busy={star.busy} onToggle={star.toggle} />
      {star.error ? (
        <p role="alert" className={styles.hint}>
          {star.error}
        </p>
      ) : null}
    </>
  );
}

/** The stored file itself, with its own type (.mp4, .wav, .glb); same origin, so `download` names it when clicked. */
function FileDownload({ url, download }: { url: string; download: DownloadView }) {
  return (
    <a
      className={buttons.button.secondary}
      href={url}
      download={downloadName(download, 0)}
      onClick={(event) => {
        event.currentTarget.download = downloadName(download, Date.now());
      }}
    >
      Download
    </a>
  );
}

/** Copy on text and code (TOOL-41): 'Copied' once the clipboard has it. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <button
      type="button"
      className={buttons.button.secondary}
      onClick={() => {
        void navigator.clipboard.writeText(text).then(
          () => setCopied(text),
          () => setCopied(null),
        );
      }}
    >
      {copied === text ? 'Copied' : 'Copy'}
    </button>
  );
}

function CodeBlock({ code }: { code: string }) {
  return (
    <div className={styles.field}>
      <span className={styles.label}>Code</span>
      <pre className={styles.code}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/**
 * Download (a timestamped PNG) on every picture; the advertisement adds Share on mobile user agents:
 * the device's share sheet with the file, else a dialog with Facebook, Twitter and Copy Link.
 */
function SaveActions({ url, title, download: saved }: { url: string; title: string; download: DownloadView }) {
  const { share } = saved;
  const [problem, setProblem] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [linkCopied, setLinkCopied] = useState(false);
  const mobile = share && isMobileAgent();
  const absolute = new URL(url, window.location.href).href;
  const app = useApp();
  const api = () => flowContext(app).api();

  const download = () => {
    setProblem(null);
    downloadImage(api, url, downloadName(saved, Date.now())).catch(() => setProblem(DOWNLOAD_FAILED));
  };
  const shareNow = () => {
    setProblem(null);
    shareImage(api, url, title).then(
      (shared) => setDialogOpen(!shared),
      () => setProblem(SHARE_FAILED),
    );
  };

  return (
    <>
      <button type="button" className={buttons.button.secondary} onClick={download}>
        Download
      </button>
      {mobile ? (
        <button type="button" className={buttons.button.secondary} onClick={shareNow}>
          Share
        </button>
      ) : null}
      {problem ? (
        <div role="alert" className={styles.alert}>
          {problem}
        </div>
      ) : null}
      <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
        <DialogContent title="Share image" description="Share your advertisement or copy its link.">
          <div className={styles.shareLinks}>
            <a
              className={buttons.button.secondary}
              href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(absolute)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on Facebook
            </a>
            <a
              className={buttons.button.secondary}
              href={`https://twitter.com/intent/tweet?url=${encodeURIComponent(absolute)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              Share on Twitter
            </a>
            <button
              type="button"
              className={buttons.button.secondary}
              onClick={() => {
                navigator.clipboard.writeText(absolute).then(
                  () => setLinkCopied(true),
                  () => setProblem(SHARE_FAILED),
                );
              }}
            >
              {linkCopied ? 'Link copied' : 'Copy Link'}
            </button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
