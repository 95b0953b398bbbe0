import { useId, type ReactNode } from 'react';
import * as buttons from '../button/button.css';
import * as styles from './form.css';

/**
 * A labelled input: email fields are type=email and required, password fields required (AUTH-15).
 * `errorId` is the id of the form's error banner while it shows an error about this field: the
 * field is then aria-invalid and described by it.
 */
export function Field({
  label,
  name,
  type,
  autoComplete,
  errorId,
}: {
  label: string;
  name: string;
  type: 'email' | 'password' | 'text';
  /** 'new-password' for a password being chosen; else email / current-password / off by type. */
  autoComplete?: string;
  errorId?: string | undefined;
}) {
  // Unique per rendered field: the login dialog can open over the /login page's form.
  const id = `field-${name}-${useId()}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        className={styles.input}
        id={id}
        name={name}
        type={type}
        required
        autoComplete={autoComplete ?? (type === 'email' ? 'email' : type === 'password' ? 'current-password' : 'off')}
        {...(errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      />
    </div>
  );
}

export function ErrorBanner({ children, id }: { children: ReactNode; id?: string | undefined }) {
  return children ? (
    <div role="alert" id={id} className={styles.alert}>
      {children}
    </div>
  ) : null;
}

// The notice stands in a module of its own: the shell's notices use it on the first load, the forms do not.
export { Notice } from './notice';

/** A new password and its confirmation (register, reset, settings); the flow checks the match. */
export function PasswordPair({
  label = 'New Password',
  confirmLabel = 'Confirm New Password',
  name = 'newPassword',
  errorId,
}: {
  label?: string;
  confirmLabel?: string;
  name?: string;
  errorId?: string | undefined;
}) {
  return (
    <>
      <Field label={label} name={name} type="password" autoComplete="new-password" errorId={errorId} />
      <Field
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        errorId={errorId}
      />
    </>
  );
}

/** The id of a form's error banner, and the `errorId` its fields get while the banner shows an error. */
export function useFormError(error: string | null): { bannerId: string; errorId: string | undefined } {
  const bannerId = `form-error-${useId()}`;
  return { bannerId, errorId: error ? bannerId : undefined };
}

/** The form's submit: the busy label while the flow works, disabled when the flow says so. */
export function SubmitButton({
  label,
  busyLabel,
  busy,
  disabled,
  block = true,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
  block?: boolean;
}) {
  return (
    <button
      type="submit"
      className={block ? `${buttons.button.primary} ${buttons.block}` : buttons.button.primary}
      disabled={disabled}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** Reads a named text field of a submitted form. */
export function valueOf(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
