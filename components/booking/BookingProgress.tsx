'use client';

import { useTranslations } from 'next-intl';
import { BOOKING_STEPS } from '@/stores/bookingSteps';
import styles from './booking.module.css';

interface Props {
  step: number;
  /** The furthest step the visitor may jump to. */
  reachable: number;
  onJump: (step: number) => void;
}

/** The step names in order; steps already open to the visitor are buttons back to them. */
export function BookingProgress({ step, reachable, onJump }: Props) {
  const t = useTranslations('Booking');
  return (
    <nav aria-label={t('progressLabel')}>
      <ol className={styles.progress}>
        {BOOKING_STEPS.map((name, index) => {
          const label = t(`steps.${name}`);
          const done = index < step;
          const className = `${styles.progressStep} ${done ? styles.progressDone : ''} ${index === step ? styles.progressCurrent : ''}`;
          return (
            <li key={name} className={styles.progressItem}>
              {index !== step && index <= reachable ? (
                <button type="button" className={className} onClick={() => onJump(index)}>
                  {label}
                  {done ? <span className="visually-hidden"> ({t('stepCompleted')})</span> : null}
                </button>
              ) : (
                <span className={className} aria-current={index === step ? 'step' : undefined}>
                  {label}
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
