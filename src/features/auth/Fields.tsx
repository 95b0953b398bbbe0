import type { ReactNode } from 'react';
import * as styles from '../../components/ui/form/form.css';

/** A labelled input: email fields are type=email and required, password fields required (spec §5). */
export function Field({ label, name, type }: { label: string; name: string; type: 'email' | 'password' | 'text' }) {
  const id = `field-${name}`;
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
        autoComplete={type === 'email' ? 'email' : type === 'password' ? 'current-password' : 'off'}
      />
    </div>
  );
}

export function ErrorBanner({ children }: { children: ReactNode }) {
  return children ? (
    <div role="alert" className={styles.alert}>
      {children}
    </div>
  ) : null;
}

export function Notice({ children }: { children: ReactNode }) {
  return children ? (
    <div role="status" className={styles.notice}>
      {children}
    </div>
  ) : null;
}

/** Reads a named text field of a submitted form. */
export function valueOf(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
