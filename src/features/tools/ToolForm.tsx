/** The form parts of the tool pages, one per kind of input (TOOL-11 to TOOL-22). */
import { lazy, Suspense, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useSelector } from '@xstate/react';
import * as buttons from '../../components/ui/button/button.css';
import {
  clipLengthOptions,
  MAX_SIZE,
  MIN_SIZE,
  SIZE_STEP,
  type ChoiceParam,
  type ClipLength,
  type ParamSpec,
} from '../../catalog';
import { voicePreviewAddress } from '../../api/operations/addresses';
import { Accordion, AccordionItem } from '../../components/ui/accordion/accordion';
import type { ToolRunActor } from '../../app/tools';
import { aspectPresets } from '../../flows/tools/aspect';
import { generateEnabled } from '../../flows/tools/tool-run.selectors';
import type { AspectReading } from '../../flows/tools/tool-run.types';
import { useCurrentUser, useHydrated, useSessionKnown } from '../../app/provider';
import { acceptAttribute, compressForUpload, fileProblem, readAsDataURL, READ_FAILED } from './image-prep';
import type { PromptView, UploadView } from './tool-views';
import * as styles from './ToolPage.css';

const acceptHint = { jpegPng: 'JPG or PNG', anyImage: 'Any image', video: 'MP4, WebM or MOV' } as const;

/**
 * Typing is kept in the run, so a visitor's prompt survives the login dialog. Ctrl+Enter (Cmd+Enter on a Mac)
 * runs the tool when the Generate button could be pressed (TOOL-40). The prerendered field is read-only until
 * the app has adopted it: React sets a textarea back to its markup's text when it hydrates, so anything typed
 * into a default prompt (person to person's) before then would be lost or mixed into it.
 */
// PROMPT-4, PROMPT-5, ENHANCE-1: a signed-in person's prompt tools, in a chunk that loads after hydration.
const EnhanceTools = lazy(() => import('./PromptTools').then((m) => ({ default: m.EnhanceTools })));
const PromptMenus = lazy(() => import('./PromptTools').then((m) => ({ default: m.PromptMenus })));

export function PromptField({ run, prompt }: { run: ToolRunActor; prompt: PromptView }) {
  const id = useId();
  const toolKey = useSelector(run, (s) => s.context.tool.key);
  const signedIn = useCurrentUser() !== null;
  const value = useSelector(run, (s) => s.context.prompt);
  const locked = useSelector(run, (s) => !s.hasTag('form'));
  const canGenerate = useSelector(run, generateEnabled);
  const canClear = useSelector(run, (s) => s.can({ type: 'tool.prompt.clear' }));
  const known = useSessionKnown();
  const adopted = useHydrated();
  const area = useRef<HTMLTextAreaElement>(null);
  // The page opens on its prompt, once the app has adopted the prerendered page (hydration stays untouched),
  // unless the person is already typing in another field.
  useEffect(() => {
    if (adopted && !typingElsewhere(area.current)) area.current?.focus({ preventScroll: true });
  }, [adopted]);
  return (
    <div className={`${styles.field} ${styles.promptField}`}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {prompt.label}
        </label>
        {adopted && signedIn ? (
          <Suspense fallback={null}>
            <EnhanceTools run={run} toolKey={toolKey} />
          </Suspense>
        ) : null}
      </div>
      <textarea
        ref={area}
        id={id}
        className={styles.textarea}
        rows={prompt.rows}
        placeholder={prompt.placeholder}
        value={value}
        readOnly={locked || !adopted}
        onChange={(event) => run.send({ type: 'tool.prompt', prompt: event.target.value })}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          // The Generate button's own guard: the session is known and the run takes Generate now.
          if (known && canGenerate) run.send({ type: 'tool.generate' });
        }}
      />
      {adopted && canClear ? (
        <button
          type="button"
          className={`${buttons.button.ghost} ${buttons.small} ${styles.clearPrompt}`}
          onClick={() => run.send({ type: 'tool.prompt.clear' })}
        >
          Clear prompt
        </button>
      ) : null}
      {adopted && signedIn ? (
        <Suspense fallback={null}>
          <PromptMenus run={run} toolKey={toolKey} field={area} />
        </Suspense>
      ) : null}
    </div>
  );
}

const typingElsewhere = (own: HTMLElement | null) => {
  const active = document.activeElement;
  return (
    active !== own && active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable]')
  );
};

/** The presets are disabled while working and while a result is shown: the run says when. */
export function AspectPresets({ run, reading }: { run: ToolRunActor; reading: AspectReading }) {
  const chosen = useSelector(run, (s) => s.context.aspect);
  const canChoose = useSelector(run, (s) => s.can({ type: 'tool.aspect', name: 'Square' }));
  return (
    <fieldset className={styles.field}>
      <legend className={styles.label}>Aspect ratio</legend>
      <div className={styles.aspects}>
        {aspectPresets(reading).map((preset) => (
          <button
            key={preset.name}
            type="button"
            className={styles.aspect}
            aria-pressed={chosen === preset.name}
            disabled={!canChoose}
            onClick={() => run.send({ type: 'tool.aspect', name: preset.name })}
          >
            <AspectShape width={preset.width} height={preset.height} />
            {preset.name} ({preset.ratio})
            <span className={styles.aspectSize}>
              {preset.width}×{preset.height}
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The preset's shape: a rectangle of its ratio, its longer side 20 of a 24-unit box (decoration; the label names it). */
function AspectShape({ width, height }: { width: number; height: number }) {
  const w = (20 * width) / Math.max(width, height);
  const h = (20 * height) / Math.max(width, height);
  return (
    <svg className={styles.aspectShape} width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x={(24 - w) / 2} y={(24 - h) / 2} width={w} height={h} rx="2" />
    </svg>
  );
}

/** Image to Image: width and height, kept by the run to multiples of 8 within 64–2048 (the catalogue's size rule). */
export function SizeFields({ run }: { run: ToolRunActor }) {
  const width = useSelector(run, (s) => s.context.width);
  const height = useSelector(run, (s) => s.context.height);
  const locked = useSelector(run, (s) => !s.hasTag('form'));
  const id = useId();
  const send = (next: { width: number; height: number }) => {
    if (Number.isFinite(next.width) && Number.isFinite(next.height)) run.send({ type: 'tool.size', ...next });
  };
  return (
    <div className={styles.sizeRow}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-w`}>
          Width
        </label>
        <input
          id={`${id}-w`}
          className={styles.number}
          type="number"
          min={MIN_SIZE}
          max={MAX_SIZE}
          step={SIZE_STEP}
          // Keyed on the stored value: the field shows what the run kept after rounding.
          key={`w${width}`}
          defaultValue={width}
          disabled={locked}
          onBlur={(event) => send({ width: event.target.valueAsNumber, height })}
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-h`}>
          Height
        </label>
        <input
          id={`${id}-h`}
          className={styles.number}
          type="number"
          min={MIN_SIZE}
          max={MAX_SIZE}
          step={SIZE_STEP}
          key={`h${height}`}
          defaultValue={height}
          disabled={locked}
          onBlur={(event) => send({ width, height: event.target.valueAsNumber })}
        />
      </div>
    </div>
  );
}

/**
 * The tool's parameters (starting at their defaults, TOOL-35) as number fields and choices; the run keeps each value
 * in its range. A control tied to another (trim's start and end) shows only when it applies.
 */
export function ParamFields({ run, clip = null }: { run: ToolRunActor; clip?: ClipLength | null }) {
  const specs = useSelector(run, (s) => s.context.tool.params);
  if (specs.length === 0) return null;
  // A clip counted in frames is chosen by its Length in seconds; frames and fps sit under Advanced (TOOL-50).
  const inFrames = clip && !('seconds' in clip) ? [clip.frames, clip.fps] : [];
  const advanced = specs.filter((spec) => inFrames.includes(spec.name));
  return (
    <fieldset className={styles.params}>
      <legend className={styles.label}>Settings</legend>
      {clip && advanced.length > 0 ? <LengthField run={run} clip={clip} /> : null}
      {specs
        .filter((spec) => !advanced.includes(spec))
        .map((spec) => (
          <ParamField key={spec.name} run={run} spec={spec} />
        ))}
      {advanced.length > 0 ? (
        <div className={styles.advanced}>
          <Accordion>
            <AccordionItem value="advanced" title="Advanced" level={2}>
              <div className={styles.advancedFields}>
                {advanced.map((spec) => (
                  <ParamField key={spec.name} run={run} spec={spec} />
                ))}
              </div>
            </AccordionItem>
          </Accordion>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The clip's Length in whole seconds (TOOL-50): choosing one sends the frames it makes at the frame rate. */
function LengthField({ run, clip }: { run: ToolRunActor; clip: ClipLength }) {
  const id = useId();
  const lengths = useSelector(
    run,
    (s) => clipLengthOptions(clip, s.context.tool.params, s.context.params),
    (a, b) =>
      a?.chosen === b?.chosen && a?.options.map((o) => o.frames).join() === b?.options.map((o) => o.frames).join(),
  );
  const locked = useSelector(run, (s) => !s.hasTag('form'));
  if (!lengths || 'seconds' in clip) return null;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        Length
      </label>
      <select
        id={id}
        className={styles.number}
        value={lengths.chosen === null ? '' : String(lengths.chosen)}
        disabled={locked}
        onChange={(event) => {
          const option = lengths.options.find((o) => String(o.seconds) === event.target.value);
          if (option) run.send({ type: 'tool.param', name: clip.frames, value: option.frames });
        }}
      >
        {lengths.chosen === null ? <option value="">Set under Advanced</option> : null}
        {lengths.options.map((option) => (
          <option key={option.seconds} value={String(option.seconds)}>
            {option.seconds} s
          </option>
        ))}
      </select>
    </div>
  );
}

function ParamField({ run, spec }: { run: ToolRunActor; spec: ParamSpec }) {
  const id = useId();
  const value = useSelector(run, (s) => s.context.params[spec.name]);
  const shown = useSelector(run, (s) => !spec.when || s.context.params[spec.when.name] === spec.when.value);
  const locked = useSelector(run, (s) => !s.hasTag('form'));
  if (!shown) return null;
  const send = (next: string | number) => run.send({ type: 'tool.param', name: spec.name, value: next });
  const previewed = spec.kind === 'choice' && spec.preview === 'voice';
  return (
    <div className={previewed ? `${styles.field} ${styles.wideField}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {spec.label}
        {spec.kind === 'number' ? (
          <span className={styles.hint}>
            {' '}
            ({spec.min}–{spec.max}
            {spec.unit ? ` ${spec.unit}` : ''})
          </span>
        ) : null}
      </label>
      {spec.kind === 'choice' ? (
        <select
          id={id}
          className={styles.number}
          value={String(value ?? spec.fallback)}
          disabled={locked}
          onChange={(event) => send(event.target.value)}
        >
          {spec.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          className={styles.number}
          type="number"
          min={spec.min}
          max={spec.max}
          step={spec.step}
          // Keyed on the stored value: the field shows what the run kept after clamping.
          key={`${spec.name}${String(value)}`}
          defaultValue={value}
          disabled={locked}
          onBlur={(event) => {
            if (Number.isFinite(event.target.valueAsNumber)) send(event.target.valueAsNumber);
          }}
        />
      )}
      {previewed ? <VoicePreviews options={spec.options} /> : null}
    </div>
  );
}

/**
 * A ▶ per voice plays its short sample (TOOL-51), one at a time through one audio element: another ▶ stops the
 * one playing, the same ▶ again stops it. The samples are the server's (made once per voice, offline).
 */
function VoicePreviews({ options }: { options: ChoiceParam['options'] }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const toggle = (value: string) => {
    const element = audio.current;
    if (!element) return;
    element.pause();
    if (playing === value) return setPlaying(null);
    element.src = voicePreviewAddress(value);
    setPlaying(value);
    void element.play().catch(() => setPlaying(null));
  };
  return (
    <div className={styles.voicePreviews}>
      <audio ref={audio} preload="none" onEnded={() => setPlaying(null)} />
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`${buttons.button.ghost} ${buttons.small}`}
          aria-label={`Preview ${option.label}`}
          aria-pressed={playing === option.value}
          onClick={() => toggle(option.value)}
        >
          <span aria-hidden="true">{playing === option.value ? '■' : '▶'}</span> {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A file input under a drop area with a preview. The file is checked (size, HEIC, type) before
 * anything else; a refusal goes to the banner and nothing is called.
 */
export function UploadArea({ run, upload, which }: { run: ToolRunActor; upload: UploadView; which: 'main' | 'pose' }) {
  const id = useId();
  const image = useSelector(run, (s) => (which === 'main' ? s.context.image : s.context.poseImage));
  const locked = useSelector(run, (s) => !s.hasTag('form'));
  const [dragging, setDragging] = useState(false);
  const set = (value: string | null) =>
    run.send(which === 'main' ? { type: 'tool.image', image: value } : { type: 'tool.poseImage', image: value });

  const take = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file, upload.accepts, which);
    if (problem) return void run.send({ type: 'tool.fileRejected', message: problem });
    try {
      set(upload.compress ? await compressForUpload(file) : await readAsDataURL(file));
    } catch (error) {
      run.send({ type: 'tool.fileRejected', message: error instanceof Error ? error.message : READ_FAILED });
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!locked) void take(event.dataTransfer.files[0]);
  };

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {upload.label}
      </label>
      <div
        className={styles.drop}
        data-dragging={dragging}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {image && upload.accepts === 'video' ? (
          <video className={styles.preview} src={image} muted controls aria-label={`${upload.label} preview`} />
        ) : image ? (
          <img className={styles.preview} src={image} alt={`${upload.label} preview`} />
        ) : (
          <>
            <span>Drop {upload.accepts === 'video' ? 'a video' : 'an image'} here or click to choose</span>
            <span className={styles.hint}>{acceptHint[upload.accepts]}, up to 15 MB</span>
          </>
        )}
        <input
          id={id}
          className={styles.fileInput}
          type="file"
          accept={acceptAttribute[upload.accepts]}
          disabled={locked}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Choosing the same file again must fire change again.
            event.target.value = '';
            void take(file);
          }}
        />
      </div>
      {image && !locked ? (
        <button type="button" className={`${buttons.button.ghost} ${buttons.small}`} onClick={() => set(null)}>
          Remove {which === 'pose' ? 'pose image' : upload.accepts === 'video' ? 'video' : 'image'}
        </button>
      ) : null}
    </div>
  );
}
