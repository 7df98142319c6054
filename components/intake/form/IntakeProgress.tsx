'use client';

import { useTranslations } from 'next-intl';
import type { RefObject } from 'react';
import { intakeLayout } from '@/lib/schemas/intake/layout';
import { REVIEW_STEP } from '@/stores/intake';
import styles from './intake.module.css';

interface Props {
  step: number;
  /** Steps from the first that pass their schema: those may be reopened, and the one after. */
  validCount: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onJump: (step: number) => void;
}

/**
 * The progress header: "Step n of 15" with the step's name as the heading the form focuses on
 * each change, a bar, and the list of steps (done ones can be reopened).
 */
export function IntakeProgress({ step, validCount, headingRef, onJump }: Props) {
  const t = useTranslations('Intake');
  const total = intakeLayout.length;
  const title = step === REVIEW_STEP ? t('form.reviewTitle') : t(`steps.${intakeLayout[step]!.id}.title` as never);
  const done = Math.min(validCount, total);
  return (
    <div className={styles.progress}>
      {/* The counter is part of the heading, so moving to a step announces where one is. */}
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        <span className={styles.counter}>
          {step === REVIEW_STEP ? t('form.reviewCounter', { total }) : t('form.counter', { number: step + 1, total })}
        </span>{' '}
        <span className={styles.titleText}>{title}</span>
      </h2>
      {step < REVIEW_STEP ? <p className={styles.stepDescription}>{t(`steps.${intakeLayout[step]!.id}.description` as never)}</p> : null}
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('form.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t('form.progressValue', { done, total })}
      >
        <span style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <details className={styles.stepList}>
        <summary>{t('form.allSteps', { done, total })}</summary>
        <ol>
          {intakeLayout.map(({ id }, index) => {
            const reachable = index <= validCount;
            const name = t(`steps.${id}.title` as never);
            const state = index === step ? t('form.stateCurrent') : index < validCount ? t('form.stateDone') : t('form.stateTodo');
            return (
              <li key={id} className={index < validCount ? styles.done : undefined}>
                {reachable && index !== step ? (
                  <button type="button" className={styles.linkButton} onClick={() => onJump(index)}>
                    {name} <span className={styles.state}>({state})</span>
                  </button>
                ) : (
                  <span aria-current={index === step ? 'step' : undefined}>
                    {name} <span className={styles.state}>({state})</span>
                  </span>
                )}
              </li>
            );
          })}
          {validCount >= total && step !== REVIEW_STEP ? (
            <li>
              <button type="button" className={styles.linkButton} onClick={() => onJump(REVIEW_STEP)}>
                {t('form.reviewTitle')}
              </button>
            </li>
          ) : null}
        </ol>
      </details>
    </div>
  );
}
