'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './booking.module.css';

interface StepFrameProps {
  title: string;
  lead?: ReactNode;
  /** Move focus to the heading when the step opens (not on the page's first render). */
  focusHeading: boolean;
  children: ReactNode;
}

/** One booking step: its heading (which takes focus when the step opens), lead and content. */
export function StepFrame({ title, lead, focusHeading, children }: StepFrameProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <section className={styles.step} aria-labelledby="booking-step-title">
      {/* A section of the booking form, whose title is the h2 above it. */}
      <h3 id="booking-step-title" ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {lead ? <p className={styles.stepLead}>{lead}</p> : null}
      {children}
    </section>
  );
}

interface StepActionsProps {
  onBack?: () => void;
  /** Omitted when the step's form submits itself (its own submit button is `continueType="submit"`). */
  onContinue?: () => void;
  pending: boolean;
  continueLabel?: string;
  pendingLabel?: string;
  continueType?: 'button' | 'submit';
}

/**
 * Back and Continue. Continue stays focusable while a check runs (aria-disabled), so keyboard
 * focus is not thrown back to the page; a second press does nothing.
 */
export function StepActions({ onBack, onContinue, pending, continueLabel, pendingLabel, continueType = 'button' }: StepActionsProps) {
  const t = useTranslations('Booking');
  return (
    <div className={styles.actions}>
      {onBack ? (
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('back')}
        </button>
      ) : (
        <span />
      )}
      <button
        type={continueType}
        className="button button--primary"
        aria-disabled={pending || undefined}
        onClick={(event) => {
          if (pending) {
            event.preventDefault();
            return;
          }
          onContinue?.();
        }}
      >
        {pending ? (pendingLabel ?? t('checking')) : (continueLabel ?? t('continue'))}
      </button>
    </div>
  );
}

/** Placeholder cards in the shape of what is loading. */
export function ChoiceSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <p className={styles.stepLead}>{label}</p>
      <ul className={styles.skeleton} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.skeletonBlock} />
        ))}
      </ul>
    </div>
  );
}

/** While a step's code loads (a moment, once): the frame's shape, so nothing jumps. */
export function StepPlaceholder() {
  return (
    <div className={styles.step} aria-busy="true">
      <ul className={styles.skeleton} aria-hidden="true">
        <li className={styles.skeletonBlock} />
        <li className={styles.skeletonBlock} />
      </ul>
    </div>
  );
}

/** A list that could not be loaded: what failed, and a button to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslations('Booking');
  return (
    <div role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
