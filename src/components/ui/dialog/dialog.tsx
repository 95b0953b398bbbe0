import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import * as styles from './dialog.css';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * false for a panel that leaves the page usable (the 'sheet' variant): no overlay, no focus trap, the
   * page not hidden from assistive technology. Modal (the default) otherwise.
   */
  modal?: boolean;
  children: ReactNode;
}

/**
 * The one wrapper over Radix Dialog: a modal one traps focus, and Escape and an outside click close it;
 * a non-modal one (with the 'sheet' variant) closes by Escape and its close button only.
 */
export function Dialog({ children, ...props }: DialogProps) {
  return <RadixDialog.Root {...props}>{children}</RadixDialog.Root>;
}

export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  /** Always rendered for screen readers; `hideTitle` keeps it out of sight. */
  title: string;
  description?: string;
  hideTitle?: boolean;
  /**
   * 'center' is the modal card, 'drawer' the left-edge panel of the mobile navigation, 'sheet' a panel at the
   * right edge (a bottom sheet on phones) that stays open while the page is used: pair it with `modal={false}`.
   */
  variant?: 'center' | 'drawer' | 'sheet';
  closeLabel?: string;
  className?: string;
  /** 'alertdialog' for a confirmation that interrupts (delete account). */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
}

export function DialogContent({
  title,
  description,
  hideTitle = false,
  variant = 'center',
  closeLabel = 'Close',
  className,
  role = 'dialog',
  children,
}: DialogContentProps) {
  const panel = styles[variant === 'center' ? 'content' : variant];
  // Our dialogs open from state, not from a Radix Trigger, so Radix has no trigger to give focus back
  // to: remember what had focus as the dialog opens (before Radix moves it inside), and return there, unless
  // the person has moved on to the page meanwhile (a sheet leaves it usable) and focus is there.
  const returnTo = useRef<Element | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={styles.overlay} />
      <RadixDialog.Content
        className={className ? `${panel} ${className}` : panel}
        role={role}
        onOpenAutoFocus={() => {
          returnTo.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const target = returnTo.current;
          const active = document.activeElement;
          if (active && active !== document.body) return;
          if (target instanceof HTMLElement && target.isConnected) target.focus();
        }}
        // A sheet leaves the page usable: a click or focus there does not close it.
        onInteractOutside={variant === 'sheet' ? (event) => event.preventDefault() : undefined}
        // Radix warns when no description is linked; pass undefined explicitly when there is none.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className={hideTitle ? undefined : styles.header}>
          <div className={hideTitle ? styles.srOnly : styles.headings}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
            ) : null}
          </div>
          <RadixDialog.Close className={hideTitle ? styles.floatingClose : styles.close} aria-label={closeLabel}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
