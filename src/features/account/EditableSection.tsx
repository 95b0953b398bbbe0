import type { FormEvent, ReactNode } from 'react';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { ErrorBanner, Notice, SubmitButton } from '../../components/ui/form/fields';
import * as styles from './account.css';

/**
 * A settings card with one value and an inline form that edits it (Change Email, Change Password).
 * The flow lives in the caller's machine; this only lays out what the machine says.
 */
export function EditableSection(props: {
  id: string;
  title: string;
  term: string;
  value: ReactNode;
  editing: boolean;
  busy: boolean;
  error: string | null;
  /** The banner's id, which the invalid fields name in aria-describedby (useFormError). */
  errorBannerId?: string;
  success: string | null;
  openLabel: string;
  submitLabel: string;
  fields: ReactNode;
  onOpen: () => void;
  onCancel: () => void;
  onSubmit: (form: HTMLFormElement) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit(event.currentTarget);
  };
  return (
    <section className={`${card.padded} ${styles.section}`} aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`} className={page.sectionTitle}>
        {props.title}
      </h2>
      <div className={styles.row}>
        <span className={styles.term}>{props.term}</span>
        <span className={styles.value}>{props.value}</span>
      </div>
      <Notice>{props.success}</Notice>
      {props.editing ? (
        <form className={forms.form} onSubmit={submit}>
          <ErrorBanner id={props.errorBannerId}>{props.error}</ErrorBanner>
          {props.fields}
          <div className={forms.actions}>
            <SubmitButton
              label={props.submitLabel}
              busyLabel="Updating..."
              busy={props.busy}
              disabled={props.busy}
              block={false}
            />
            <button type="button" className={buttons.button.ghost} disabled={props.busy} onClick={props.onCancel}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className={forms.actions}>
          <button type="button" className={buttons.button.secondary} onClick={props.onOpen}>
            {props.openLabel}
          </button>
        </div>
      )}
    </section>
  );
}
