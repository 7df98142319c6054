'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { BOOKING_STEPS } from '@/stores/bookingSteps';
import styles from './booking.module.css';

interface Props {
  step: number;
  /** The furthest step the visitor may jump to. */
  reachable: number;
  onJump: (step: number) => void;
}

/** The page's scroll padding (app/globals.css) makes room for the bar while it is on the page. */
const HEIGHT_VARIABLE = '--booking-steps-height';

/**
 * The step names in order; steps already open to the visitor are buttons back to them. The bar
 * stays in view under the sticky site header however long the step (issue 27): it never slides
 * under the header, and its height is added to the page's scroll padding, so a field that takes
 * keyboard focus is scrolled clear of both. On phones it is a row of numbered buttons, each
 * named by its step.
 */
export function BookingProgress({ step, reachable, onJump }: Props) {
  const t = useTranslations('Booking');
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = bar.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, []);

  return (
    <nav ref={bar} className={styles.progressBar} aria-label={t('progressLabel')}>
      <ol className={styles.progress}>
        {BOOKING_STEPS.map((name, index) => {
          const label = t(`steps.${name}`);
          const done = index < step;
          const className = `${styles.progressStep} ${done ? styles.progressDone : ''} ${index === step ? styles.progressCurrent : ''}`;
          return (
            <li key={name} className={styles.progressItem}>
              {index !== step && index <= reachable ? (
                <button type="button" className={className} onClick={() => onJump(index)}>
                  <span className={styles.progressLabel}>{label}</span>
                  {done ? <span className="visually-hidden"> ({t('stepCompleted')})</span> : null}
                </button>
              ) : (
                <span className={className} aria-current={index === step ? 'step' : undefined}>
                  <span className={styles.progressLabel}>{label}</span>
                  {index === step ? <span className="visually-hidden"> ({t('stepCurrent')})</span> : null}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
