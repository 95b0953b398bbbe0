/** PROMPT-5: the Save as style dialog (its own chunk): a name and a template with one {prompt} slot. */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { MAX_STYLE_NAME, MAX_STYLE_TEMPLATE } from '../../catalog';
import type { PromptStylesLogic } from '../../flows/prompts/prompts.effects';
import * as buttons from '../../components/ui/button/button.css';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import * as forms from '../../components/ui/form/form.css';
import { ErrorBanner, valueOf } from '../../components/ui/form/fields';

export default function SaveStyleDialog({ actor }: { actor: Actor<PromptStylesLogic> }) {
  const template = useSelector(actor, (s) => s.context.template);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const nameId = useId();
  const templateId = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) actor.send({ type: 'styles.save.cancel' });
      }}
    >
      <DialogContent
        title="Save as style"
        description="A style keeps words you reuse: {prompt} is where each prompt goes."
      >
        <form
          className={forms.form}
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is portalled out of the tool's form, but React still bubbles its submit there: stop it.
            event.stopPropagation();
            const form = event.currentTarget;
            actor.send({
              type: 'styles.save.submit',
              style: { name: valueOf(form, 'name'), template: valueOf(form, 'template') },
            });
          }}
        >
          <ErrorBanner>{error}</ErrorBanner>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={nameId}>
              Name
            </label>
            <input
              id={nameId}
              name="name"
              className={forms.input}
              required
              maxLength={MAX_STYLE_NAME}
              autoComplete="off"
            />
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={templateId}>
              Template
            </label>
            <textarea
              id={templateId}
              name="template"
              className={forms.input}
              rows={3}
              required
              maxLength={MAX_STYLE_TEMPLATE}
              defaultValue={template}
            />
          </div>
          <div className={forms.actions}>
            <button
              type="button"
              className={buttons.button.secondary}
              disabled={busy}
              onClick={() => actor.send({ type: 'styles.save.cancel' })}
            >
              Cancel
            </button>
            <button type="submit" className={buttons.button.primary} disabled={busy}>
              {busy ? 'Saving...' : 'Save style'}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
