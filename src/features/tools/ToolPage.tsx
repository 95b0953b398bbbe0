/**
 * The page of one tool (TOOL-1, TOOL-2, RUNS-12): title and cost, the form of the tool's
 * inputs, the red banner, the progress bar and the result. Every value is one narrow selector on
 * the page's tool run, which the app keeps when the page is left; every control sends an event to it.
 */
import { Suspense, lazy } from 'react';
import { useSelector } from '@xstate/react';
import { clipLengthText, toolByKey, type ClipLength, type Tool } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import { icons } from '../../components/ui/icons/icons';
import { ProgressBar } from '../../components/ui/progress/progress-bar';
import * as page from '../../components/ui/page/page.css';
import { useCurrentUser, useHydrated, useSessionKnown } from '../../app/provider';
import { useCreationSettings } from '../../app/creation-settings';
import { useToolDraft } from '../../app/tool-draft';
import { useToolRun, type ToolRunActor, type ToolRunFlow } from '../../app/tools';
import { TOOL_RESULT_ID } from '../../flows/tools/tool-run.types';
import { generateEnabled } from '../../flows/tools/tool-run.selectors';
import { AspectPresets, ParamFields, PromptField, SizeFields, UploadArea } from './ToolForm';
import { ToolResult } from './ToolResult';
import { BatchMode } from './BatchForm';
import { viewOf, type PageToolKey, type ToolView } from './tool-views';
import { CreditLinks } from './CreditLinks';
import * as styles from './ToolPage.css';
import { creditsReturned } from '../../flows/tools/errors';

/** A catalogue tool by its key (the route files), or a definition made elsewhere (a test's own tool). */
export type ToolPageProps = (
  { toolKey: PageToolKey; tool?: undefined } | { tool: Tool<string>; toolKey?: undefined }
) & {
  /** The run's flow; tests give it parts of its context replaced (`toolRunFlow.with(…)`). */
  flow?: ToolRunFlow;
};

export function ToolPage(props: ToolPageProps) {
  const tool = props.tool ?? toolByKey(props.toolKey);
  const { flow } = props;
  const view = viewOf(tool);
  const run = useToolRun(tool, flow);
  // 'Use these settings' / 'New seed' of a creation's page (CREATIONS-13, CREATIONS-14).
  useCreationSettings(run);
  // The draft kept while the login dialog is open, and 'Back to {tool}' (TOOL-47 to TOOL-49).
  useToolDraft(run);
  return (
    <div className={styles.root}>
      <header className={page.header}>
        <p className={page.eyebrow}>{tool.category}</p>
        <div className={styles.heading}>
          <h1 className={page.title}>{tool.title}</h1>
          <span className={styles.cost} data-testid="tool-page-cost">
            {icons.coin}
            {tool.cost} credits per run
          </span>
        </div>
        <p className={page.lead}>{tool.description}</p>
      </header>
      <BatchMode tool={tool} run={run}>
        <ToolRunView run={run} view={view} />
      </BatchMode>
    </div>
  );
}

// 'Run it now?' (TOOL-49): its dialog's chunk loads only when a restored draft asks it.
const DraftQuestion = lazy(() => import('./DraftQuestion'));
// COLLECT-6: 'Save to', for a signed-in person once the prerendered page is adopted.
const SaveTo = lazy(() => import('./SaveTo'));

/** The page's run as it stands: the form, the banner and progress, then the result. */
function ToolRunView({ run, view }: { run: ToolRunActor; view: ToolView }) {
  const showingResult = useSelector(run, (s) => s.hasTag('result'));
  const asking = useSelector(run, (s) => s.hasTag('draftQuestion'));
  return (
    <>
      {asking ? (
        <Suspense fallback={null}>
          <DraftQuestion run={run} />
        </Suspense>
      ) : null}
      <ToolForm run={run} view={view} />
      {showingResult ? <ToolResult run={run} view={view} id={TOOL_RESULT_ID} /> : null}
    </>
  );
}

function ToolForm({ run, view }: { run: ToolRunActor; view: ToolView }) {
  const aspect = useSelector(run, (s) => s.context.shape.aspect);
  const freeSize = useSelector(run, (s) => s.context.shape.freeSize);
  const showingResult = useSelector(run, (s) => s.hasTag('result'));
  return (
    <form
      className={styles.card}
      aria-label={`${view.submit} form`}
      onSubmit={(event) => {
        event.preventDefault();
        run.send({ type: 'tool.generate' });
      }}
    >
      {view.upload ? (
        <div className={styles.uploads}>
          <UploadArea run={run} upload={view.upload} which="main" />
          {view.pose ? (
            <UploadArea run={run} upload={{ ...view.upload, label: 'Pose image (optional)' }} which="pose" />
          ) : null}
        </div>
      ) : null}
      {aspect ? <AspectPresets run={run} reading={aspect} /> : null}
      {view.prompt ? <PromptField run={run} prompt={view.prompt} /> : null}
      {freeSize ? <SizeFields run={run} /> : null}
      <ParamFields run={run} clip={view.clip} />
      {view.clip ? <ClipLengthHint run={run} clip={view.clip} /> : null}
      <SaveToSlot run={run} />
      <Banner run={run} />
      <Progress run={run} word={view.working} />
      {showingResult ? null : <SubmitButton run={run} view={view} />}
    </form>
  );
}

function SaveToSlot({ run }: { run: ToolRunActor }) {
  const adopted = useHydrated();
  const signedIn = useCurrentUser() !== null;
  if (!adopted || !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SaveTo run={run} />
    </Suspense>
  );
}

/** Disabled while working, until the session is known, and per TOOL-11 and TOOL-13 (the run names the fields). */
function SubmitButton({ run, view }: { run: ToolRunActor; view: ToolView }) {
  const canGenerate = useSelector(run, generateEnabled);
  const busy = useSelector(run, (s) => s.hasTag('busy'));
  // A run is for the signed-in user or asks a visitor to sign in: it waits until the app knows which.
  const known = useSessionKnown();
  return (
    <div className={styles.actions}>
      <button type="submit" className={buttons.button.primary} disabled={!known || !canGenerate}>
        {busy ? `${view.working}...` : view.submit}
      </button>
    </div>
  );
}

/** The clip's length as the settings stand (TOOL-42): frames ÷ fps for text to video, the length for image to video. */
function ClipLengthHint({ run, clip }: { run: ToolRunActor; clip: ClipLength }) {
  const length = useSelector(run, (s) => clipLengthText(clip, s.context.params));
  if (length === null) return null;
  return (
    <p className={styles.hint} aria-live="polite">
      Clip length: {length}
    </p>
  );
}

/**
 * The red banner (TOOL-1, TOOL-27 to TOOL-32); a refusal for want of credits links to the two ways of getting more;
 * a failed run whose credits came back says so on a second line (TOOL-38).
 */
function Banner({ run }: { run: ToolRunActor }) {
  const error = useSelector(run, (s) => s.context.error);
  const refunded = useSelector(run, (s) => s.context.refunded);
  const lacksCredits = useSelector(
    run,
    (s) =>
      s.context.error !== null && s.context.signedIn && s.context.credits < s.context.tool.cost && !s.hasTag('busy'),
  );
  if (error === null || error === '') return null;
  const row = (
    <div role="alert" className={refunded === null ? styles.alert : styles.alertRow}>
      <span>{error}</span>
      {lacksCredits ? <CreditLinks /> : null}
    </div>
  );
  if (refunded === null) return row;
  // The spec's message stays the alert's own text; the credits line follows it in the same red box.
  return (
    <div className={styles.alertBox}>
      {row}
      <p role="status" className={styles.alertLine}>
        {creditsReturned(refunded)}
      </p>
    </div>
  );
}

function Progress({ run, word }: { run: ToolRunActor; word: string }) {
  const busy = useSelector(run, (s) => s.hasTag('busy'));
  const progress = useSelector(run, (s) => Math.round(s.context.progress));
  // RUNS-15: a run waiting in the account's queue says its place instead of a percentage.
  const place = useSelector(run, (s) => s.context.queuedPlace);
  if (!busy) return null;
  return (
    <div className={styles.progress}>
      <p className={styles.progressText} aria-live="polite">
        {place === null ? `${word}... ${progress}%` : `Waiting in your queue: place ${place}`}
      </p>
      <ProgressBar label={`${word} progress`} percent={progress} />
    </div>
  );
}
