/**
 * The prompt field's tools for a signed-in person, in a chunk of their own that loads once the page is adopted
 * (hydrated): Enhance beside the label (ENHANCE-1 to ENHANCE-4), and under the field Recent prompts (PROMPT-4),
 * Styles and Save as style… (PROMPT-5). Each reads its own flow with narrow selectors and sends events; the flows
 * write the chosen or enhanced text into the page's run (its `tool.prompt`).
 */
import { lazy, Suspense, useEffect, useId, type KeyboardEvent, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { applyStyle } from '../../catalog';
import type { ToolRunActor } from '../../app/tools';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import { OFFLINE_SUGGESTION } from '../../flows/prompts/enhance.machine';
import { NO_MATCH, NO_PROMPTS } from '../../flows/prompts/prompt-history.machine';
import { NO_STYLES, STYLE_SAVED } from '../../flows/prompts/prompt-styles.machine';
import {
  enhanceFlow,
  promptHistoryFlow,
  promptStylesFlow,
  type EnhanceLogic,
  type PromptHistoryLogic,
  type PromptStylesLogic,
} from '../../flows/prompts/prompts.effects';
import * as styles from './PromptTools.css';

const small = `${buttons.button.ghost} ${buttons.small}`;

/** ENHANCE-1..4: Enhance beside the prompt's label, then Undo and the offline label once it has answered. */
export function EnhanceTools({
  run,
  toolKey,
  flow = enhanceFlow,
}: {
  run: ToolRunActor;
  toolKey: string;
  flow?: Flow<EnhanceLogic>;
}) {
  const actor = useFlow(flow, { input: { toolKey, target: run } });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const enhanced = useSelector(actor, (s) => s.matches('enhanced'));
  const offline = useSelector(actor, (s) => s.context.source === 'offline');
  const error = useSelector(actor, (s) => s.context.error);
  const locked = useSelector(run, (s) => !s.hasTag('form'));
  // ENHANCE-1: nothing to enhance in an empty field.
  const blank = useSelector(run, (s) => s.context.prompt.trim() === '');
  return (
    <span className={styles.labelTools}>
      {enhanced && offline ? <span className={styles.source}>{OFFLINE_SUGGESTION}</span> : null}
      {enhanced ? (
        <button type="button" className={small} disabled={locked} onClick={() => actor.send({ type: 'enhance.undo' })}>
          Undo
        </button>
      ) : null}
      <button
        type="button"
        className={`${buttons.button.secondary} ${buttons.small}`}
        disabled={busy || locked || blank}
        onClick={() => actor.send({ type: 'enhance.start', prompt: run.getSnapshot().context.prompt })}
      >
        {busy ? 'Enhancing...' : 'Enhance'}
      </button>
      {error ? (
        <span role="alert" className={forms.alert}>
          {error}
        </span>
      ) : null}
    </span>
  );
}

// PROMPT-5: the Save as style dialog's chunk loads only when it opens.
const SaveStyleDialog = lazy(() => import('./SaveStyleDialog'));

/** PROMPT-4, PROMPT-5: Recent prompts, Styles and Save as style… under the field. */
export function PromptMenus({
  run,
  toolKey,
  field,
  historyFlow = promptHistoryFlow,
  stylesFlow = promptStylesFlow,
}: {
  run: ToolRunActor;
  toolKey: string;
  /** The prompt's textarea: ↑ in it while empty opens Recent prompts. */
  field: RefObject<HTMLTextAreaElement | null>;
  historyFlow?: Flow<PromptHistoryLogic>;
  stylesFlow?: Flow<PromptStylesLogic>;
}) {
  const history = useFlow(historyFlow, { input: { toolKey, target: run } });
  const styleFlow = useFlow(stylesFlow, { input: { target: run } });
  const historyOpen = useSelector(history, (s) => s.hasTag('open'));
  const stylesOpen = useSelector(styleFlow, (s) => s.hasTag('menu'));
  const editing = useSelector(styleFlow, (s) => s.matches('editing') || s.matches('saving'));
  const saved = useSelector(styleFlow, (s) => s.context.saved);
  const locked = useSelector(run, (s) => !s.hasTag('form'));
  const historyId = useId();
  const stylesId = useId();

  useEffect(() => {
    const area = field.current;
    if (!area) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'ArrowUp' || area.value !== '') return;
      event.preventDefault();
      history.send({ type: 'history.open' });
    };
    area.addEventListener('keydown', onKey);
    return () => area.removeEventListener('keydown', onKey);
  }, [field, history]);

  return (
    <>
      <div className={styles.menus}>
        <button
          type="button"
          className={small}
          aria-expanded={historyOpen}
          aria-controls={historyOpen ? historyId : undefined}
          disabled={locked}
          onClick={() => history.send({ type: historyOpen ? 'history.close' : 'history.open' })}
        >
          Recent prompts
        </button>
        <button
          type="button"
          className={small}
          aria-expanded={stylesOpen}
          aria-controls={stylesOpen ? stylesId : undefined}
          disabled={locked}
          onClick={() => styleFlow.send({ type: stylesOpen ? 'styles.close' : 'styles.open' })}
        >
          Styles
        </button>
        <button
          type="button"
          className={small}
          disabled={locked}
          onClick={() => styleFlow.send({ type: 'styles.save.open', prompt: run.getSnapshot().context.prompt })}
        >
          Save as style…
        </button>
        {saved ? <span role="status">{STYLE_SAVED}</span> : null}
      </div>
      {historyOpen ? <HistoryMenu id={historyId} actor={history} /> : null}
      {stylesOpen ? <StylesMenu id={stylesId} actor={styleFlow} /> : null}
      <FinalPrompt run={run} actor={styleFlow} />
      {editing ? (
        <Suspense fallback={null}>
          <SaveStyleDialog actor={styleFlow} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Arrow keys move between a list's options; Enter or Space chooses; Escape closes the menu. */
function optionKeys(event: KeyboardEvent<HTMLElement>, choose: () => void, close: () => void) {
  const item = event.currentTarget;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    choose();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? item.nextElementSibling : item.previousElementSibling;
    if (next instanceof HTMLElement) next.focus();
  } else if (event.key === 'Escape') close();
}

function HistoryMenu({ id, actor }: { id: string; actor: Actor<PromptHistoryLogic> }) {
  const prompts = useSelector(actor, (s) => s.context.prompts);
  const listed = useSelector(actor, (s) => s.matches('listed'));
  const loading = useSelector(actor, (s) => s.hasTag('busy'));
  const searched = useSelector(actor, (s) => s.context.q.trim() !== '');
  const error = useSelector(actor, (s) => s.context.error);
  const q = useSelector(actor, (s) => s.context.q);
  const close = () => actor.send({ type: 'history.close' });
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Recent prompts"
      className={styles.panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <input
        type="search"
        className={styles.search}
        aria-label="Search recent prompts"
        placeholder="Search recent prompts"
        value={q}
        autoFocus
        onChange={(event) => actor.send({ type: 'history.search', q: event.target.value })}
        onKeyDown={(event) => {
          // Enter in the search never submits the tool's form around it.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {error ? (
        <>
          <p role="alert" className={forms.alert}>
            {error}
          </p>
          <button type="button" className={small} onClick={() => actor.send({ type: 'history.retry' })}>
            Try again
          </button>
        </>
      ) : listed && prompts.length === 0 ? (
        <p className={styles.muted}>{searched ? NO_MATCH : NO_PROMPTS}</p>
      ) : (
        <ul role="listbox" aria-label="Prompts" aria-busy={loading} className={styles.options}>
          {prompts.map((entry) => (
            <li
              key={entry.prompt}
              role="option"
              aria-selected={false}
              tabIndex={0}
              className={styles.option}
              onClick={() => actor.send({ type: 'history.choose', prompt: entry.prompt })}
              onKeyDown={(event) =>
                optionKeys(event, () => actor.send({ type: 'history.choose', prompt: entry.prompt }), close)
              }
            >
              {entry.prompt}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StylesMenu({ id, actor }: { id: string; actor: Actor<PromptStylesLogic> }) {
  const list = useSelector(actor, (s) => s.context.styles);
  const listed = useSelector(actor, (s) => s.matches('menu'));
  const error = useSelector(actor, (s) => s.context.error);
  const close = () => actor.send({ type: 'styles.close' });
  return (
    <div
      id={id}
      role="dialog"
      aria-label="Styles"
      className={styles.panel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      {error ? (
        <>
          <p role="alert" className={forms.alert}>
            {error}
          </p>
          <button type="button" className={small} onClick={() => actor.send({ type: 'styles.retry' })}>
            Try again
          </button>
        </>
      ) : !listed ? (
        // The list is read each time it opens: its options show once it has answered (a choice made before
        // would be one of the list as it was).
        <p role="status" className={styles.muted}>
          Loading styles...
        </p>
      ) : list.length === 0 ? (
        <p className={styles.muted}>{NO_STYLES}</p>
      ) : (
        <ul role="listbox" aria-label="Saved styles" className={styles.options}>
          {list.map((style) => (
            <li
              key={style.id}
              role="option"
              aria-selected={false}
              tabIndex={0}
              className={styles.option}
              onClick={() => actor.send({ type: 'styles.choose', id: style.id })}
              onKeyDown={(event) => optionKeys(event, () => actor.send({ type: 'styles.choose', id: style.id }), close)}
            >
              <strong>{style.name}</strong> <span className={styles.muted}>{style.template}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** PROMPT-5: the chosen style's final prompt, with Apply and Cancel. */
function FinalPrompt({ run, actor }: { run: ToolRunActor; actor: Actor<PromptStylesLogic> }) {
  const template = useSelector(actor, (s) => s.context.chosen?.template ?? null);
  const typed = useSelector(run, (s) => s.context.prompt);
  if (template === null) return null;
  return (
    <div className={styles.panel} aria-label="Style preview" role="group">
      <p className={styles.finalPrompt}>Final prompt: {applyStyle(template, typed)}</p>
      <div className={styles.menus}>
        <button
          type="button"
          className={`${buttons.button.secondary} ${buttons.small}`}
          onClick={() => actor.send({ type: 'styles.apply', prompt: typed })}
        >
          Apply
        </button>
        <button type="button" className={small} onClick={() => actor.send({ type: 'styles.close' })}>
          Cancel
        </button>
      </div>
    </div>
  );
}
