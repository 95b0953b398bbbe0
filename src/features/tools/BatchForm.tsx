/**
 * "One prompt per line" (RUNS-16 to RUNS-18) on the tool pages whose tool takes a batch of prompts: the
 * switch, and while it is on the batch form in place of the one-run form — the prompts field, the page's
 * shared settings (the one-run form's own controls, so both send the same), the total cost, Start batch,
 * the banner and what a started batch says; below it, the last batch's tiles (BatchGrid.tsx). Every value is a narrow selector on the page's batch; every
 * control sends it an event.
 */
import { useId, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { takesPromptBatch, type Tool } from '../../catalog';
import * as buttons from '../../components/ui/button/button.css';
import { useSessionKnown } from '../../app/provider';
import { useToolBatch, type ToolBatchActor, type ToolBatchFlow } from '../../app/tool-batch';
import { costLine, shortfall, startedText } from '../../flows/tools/tool-batch.types';
import type { ToolRunActor } from '../../app/tools';
import { AspectPresets, ParamFields } from './ToolForm';
import { CreditLinks } from './CreditLinks';
import { BatchGrid } from './BatchGrid';
import * as styles from './ToolPage.css';
import * as own from './BatchForm.css';

/** The page's one-run form (`children`), or on a tool that takes a batch the switch and the form the mode picks. */
export function BatchMode({ tool, run, flow, children }: BatchProps) {
  if (!takesPromptBatch(tool)) return <>{children}</>;
  return (
    <BatchSwitch tool={tool} run={run} {...(flow ? { flow } : {})}>
      {children}
    </BatchSwitch>
  );
}

interface BatchProps {
  tool: Tool<string>;
  run: ToolRunActor;
  /** The batch's flow; tests give it parts of its context replaced (`toolBatchFlow.with(…)`). */
  flow?: ToolBatchFlow;
  children: ReactNode;
}

function BatchSwitch({ tool, run, flow, children }: BatchProps) {
  const batch = useToolBatch(tool, flow);
  const on = useSelector(batch, (s) => s.matches('on'));
  const starting = useSelector(batch, (s) => s.matches({ on: 'starting' }));
  return (
    <>
      <label className={own.toggle}>
        <input
          type="checkbox"
          className={own.checkbox}
          checked={on}
          disabled={starting}
          onChange={() => batch.send({ type: 'batch.toggle' })}
        />
        One prompt per line
      </label>
      {on ? <BatchForm batch={batch} run={run} /> : children}
      <BatchGrid batch={batch} />
    </>
  );
}

function BatchForm({ batch, run }: { batch: ToolBatchActor; run: ToolRunActor }) {
  const id = useId();
  const text = useSelector(batch, (s) => s.context.text);
  const starting = useSelector(batch, (s) => s.matches({ on: 'starting' }));
  const aspect = useSelector(run, (s) => s.context.shape.aspect);
  // A batch waits until the app knows who is signed in, as Generate does.
  const known = useSessionKnown();
  return (
    <form
      className={styles.card}
      aria-label="Batch form"
      onSubmit={(event) => {
        event.preventDefault();
        batch.send({ type: 'batch.start' });
      }}
    >
      <fieldset className={own.shared} disabled={starting}>
        {aspect ? <AspectPresets run={run} reading={aspect} /> : null}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          Prompts, one per line
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          rows={6}
          placeholder={'A lighthouse at dusk\nA fox in the snow'}
          value={text}
          readOnly={starting}
          aria-describedby={`${id}-cost`}
          onChange={(event) => batch.send({ type: 'batch.text', text: event.target.value })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
            event.preventDefault();
            if (known && !starting) batch.send({ type: 'batch.start' });
          }}
        />
        <CostLine batch={batch} id={`${id}-cost`} />
      </div>
      <fieldset className={own.shared} disabled={starting}>
        <ParamFields run={run} />
      </fieldset>
      <BatchBanner batch={batch} />
      <Started batch={batch} />
      <div className={styles.actions}>
        <button type="submit" className={buttons.button.primary} disabled={!known || starting}>
          {starting ? 'Starting...' : 'Start batch'}
        </button>
      </div>
    </form>
  );
}

/** The total cost as typed (RUNS-16), read out as it changes. */
function CostLine({ batch, id }: { batch: ToolBatchActor; id: string }) {
  const line = useSelector(batch, (s) => costLine(s.context.tool, s.context.text));
  return (
    <p id={id} className={own.cost} aria-live="polite" data-testid="batch-cost">
      {line}
    </p>
  );
}

/** The refusal or the server's message; a shortfall links to the two ways of getting more credits (RUNS-17). */
function BatchBanner({ batch }: { batch: ToolBatchActor }) {
  const error = useSelector(batch, (s) =>
    s.matches({ on: { answered: 'refused' } }) || s.matches({ on: { answered: 'failed' } }) ? s.context.error : null,
  );
  const short = useSelector(batch, (s) => s.context.signedIn && shortfall(s.context) !== null);
  if (error === null || error === '') return null;
  return (
    <div role="alert" className={styles.alert}>
      <span>{error}</span>
      {short ? <CreditLinks /> : null}
    </div>
  );
}

/** RUNS-18: how many runs started and how many wait queued. */
function Started({ batch }: { batch: ToolBatchActor }) {
  const started = useSelector(batch, (s) => (s.matches({ on: { answered: 'started' } }) ? s.context.started : null));
  if (started === null) return null;
  return (
    <p role="status" className={own.started}>
      {startedText(started)}
    </p>
  );
}
