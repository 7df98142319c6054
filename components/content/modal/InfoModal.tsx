'use client';

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './InfoModal.module.css';

type Props = {
  /** The dialog's heading; it also names the dialog. */
  title: string;
  /** The close button's accessible name, already translated (no messages reach the client). */
  closeLabel: string;
  /** What the opening button shows (an icon and a label, or a "Learn more" text). */
  trigger: ReactNode;
  triggerClassName?: string;
  children: ReactNode;
};

const focusable = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A button that opens a modal <dialog>. showModal() makes the page behind inert and closes on
 * Escape; Tab is kept inside the dialog (browsers would otherwise let it reach the address
 * bar), and focus returns to the opening button when the dialog closes, however it closes.
 */
export function InfoModal({ title, closeLabel, trigger, triggerClassName, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const headingId = useId();

  function open() {
    dialog.current?.showModal();
  }

  function close() {
    dialog.current?.close();
  }

  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(focusable));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={triggerClassName}
        aria-haspopup="dialog"
        onClick={open}
      >
        {trigger}
      </button>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={headingId}
        onKeyDown={keepFocusInside}
        onClose={() => opener.current?.focus()}
        // A click on the backdrop lands on the <dialog> itself, outside its inner box.
        onClick={(event) => {
          if (event.target === dialog.current) close();
        }}
      >
        <div className={styles.box}>
          <div className={styles.header}>
            <h2 id={headingId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={close} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </div>
      </dialog>
    </>
  );
}
