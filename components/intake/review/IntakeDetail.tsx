'use client';

import { useLocale, useTranslations } from 'next-intl';
import text from '@/components/ui/text.module.css';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import { Link } from '@/lib/i18n/navigation';
import { intakeLayout, type StepValues } from '@/lib/schemas/intake/layout';
import styles from './review.module.css';
import { StepAnswers } from './StepAnswers';
import { useIntakeDetail } from './useIntakeDetail';

/** One intake submission, organised by step as the patient filled it, ready to print. */
export function IntakeDetail({ id }: { id: string }) {
  const t = useTranslations('IntakeReview.detail');
  const languages = useTranslations('IntakeReview.languages');
  const language = dateLanguage(useLocale());
  const { state, retry } = useIntakeDetail(id);
  const when = (iso: string) =>
    formatDateTime(iso, language, 'long');

  const back = (
    <Link className="button button--secondary" href="/profile/intake-forms">
      {t('back')}
    </Link>
  );

  if (state.status === 'loading') {
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  }

  if (state.status !== 'ready') {
    return (
      <div className={`${text.alert} ${styles.alert}`} role="alert">
        <p>{state.status === 'notFound' ? t('notFound') : t('loadFailed')}</p>
        <div className="button-row">
          {state.status === 'failed' ? (
            <button type="button" className="button button--secondary" onClick={retry}>
              {t('retry')}
            </button>
          ) : null}
          {back}
        </div>
      </div>
    );
  }

  const { intake } = state;
  const answers = intake.answers as unknown as Record<string, StepValues | undefined>;

  return (
    <div className={styles.detail}>
      <div className={`button-row ${styles.noPrint}`}>
        {back}
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>

      <section className={styles.step} aria-labelledby="intake-summary">
        <h2 id="intake-summary" className={text.breakable}>
          {`${intake.first_name} ${intake.last_name}`.trim()}
        </h2>
        <dl className={styles.answers}>
          <div>
            <dt>{t('email')}</dt>
            <dd className={text.breakable}>{intake.email}</dd>
          </div>
          <div>
            <dt>{t('submitted')}</dt>
            <dd>{when(intake.submitted_at)}</dd>
          </div>
          <div>
            <dt>{t('language')}</dt>
            <dd>{languages(intake.language)}</dd>
          </div>
          <div>
            <dt>{t('consent')}</dt>
            <dd>{t('consentValue', { date: when(intake.consented_at), version: intake.consent_version })}</dd>
          </div>
          <div>
            <dt>{t('account')}</dt>
            <dd>{intake.linked_to_account ? t('linked') : t('notLinked')}</dd>
          </div>
        </dl>
      </section>

      {intakeLayout.map((step) => (
        <StepAnswers key={step.id} step={step} values={answers[step.id] ?? {}} reasons={intake.reasons} />
      ))}
    </div>
  );
}
