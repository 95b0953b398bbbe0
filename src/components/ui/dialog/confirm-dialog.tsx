import type { ReactNode } from 'react';
import * as buttons from '../button/button.css';
import { Dialog, DialogContent } from './dialog';
import * as styles from './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, as the spec words it. */
  description: string;
  /** 'alertdialog' for a confirmation that cannot be undone (delete the account). */
  role?: 'dialog' | 'alertdialog';
  /** The action's word ('Delete'), and its word while it runs ('Deleting...'). */
  confirm: string;
  busyLabel?: string;
  /** While the action runs both buttons are disabled. */
  busy?: boolean;
  cancel?: string;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and a click outside. */
  onCancel: () => void;
  /** What the person should know before answering, between the question and the buttons. */
  children?: ReactNode;
}

/** A yes/no question over the page: the one shape of every confirmation (Cancel, then the action). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { busy = false } = props;
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) props.onCancel();
      }}
    >
      <DialogContent title={props.title} description={props.description} role={props.role ?? 'dialog'}>
        {props.children}
        <div className={styles.actions}>
          <button type="button" className={buttons.button.secondary} disabled={busy} onClick={props.onCancel}>
            {props.cancel ?? 'Cancel'}
          </button>
          <button type="button" className={buttons.button.primary} disabled={busy} onClick={props.onConfirm}>
            {busy && props.busyLabel ? props.busyLabel : props.confirm}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
