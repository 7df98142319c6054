'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConsentField } from '@/components/contact/ConsentField';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { submitIntake } from '@/lib/api/intakeForm';
import { Link } from '@/lib/i18n/navigation';
import { INTAKE_CONSENT_VERSION, intakeLayout } from '@/lib/schemas/intake/layout';
import { stepValues } from '@/stores/intake';
import { useIntakeStoreApi } from '@/stores/useIntake';
import styles from './intake.module.css';

interface Props {
  /** Waits until no draft save is pending (a late save would bring the draft back). */
  beforeSubmit: () => Promise<void>;
  onEdit: (step: number) => void;
  /** The server refused some answers: field errors by step index (paths inside the step). */
  onFieldErrors: (step: number, errors: Record<string, string[]>) => void;
  onSubmitted: (message: string | null) => void;
}

/** Field errors of POST /api/intake ('answers.<step>.<path>') for the first step that has any. */
export function firstStepErrors(fieldErrors: Record<string, string[]>): { step: number; errors: Record<string, string[]> } | null {
  for (const [index, { id }] of intakeLayout.entries()) {
    const prefix = `answers.${id}.`;
    const errors = Object.fromEntries(
      Object.entries(fieldErrors)
        .filter(([path]) => path.startsWith(prefix))
        .map(([path, messages]) => [path.slice(prefix.length), messages]),
    );
    if (Object.keys(errors).length > 0) return { step: index, errors };
  }
  return null;
}

/** The last screen: every step listed with a way back to it, the consent, and the submit. */
export function IntakeSubmitStep({ beforeSubmit, onEdit, onFieldErrors, onSubmitted }: Props) {
  const t = useTranslations('Intake');
  const intake = useIntakeStoreApi();
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!consent) {
      setConsentError('intakeConsentRequired');
      return;
    }
    setFailure(null);
    setPending(true);
    const { answers } = intake.getState();
    const body = {
      answers: Object.fromEntries(intakeLayout.map(({ id }, index) => [id, stepValues(answers, index)])),
      consent: { accepted: true, version: INTAKE_CONSENT_VERSION },
    };
    try {
      await beforeSubmit();
      const { message } = await submitIntake(body);
      onSubmitted(message);
    } catch (error) {
      const problem = readApiFailure(error);
      const stepErrors = firstStepErrors(problem.fieldErrors);
      const consentProblem = Object.entries(problem.fieldErrors).find(([path]) => path.startsWith('consent'))?.[1][0];
      if (stepErrors) onFieldErrors(stepErrors.step, stepErrors.errors);
      else if (consentProblem) setConsentError(consentProblem);
      else setFailure(problem.message ?? t('form.submitFailed'));
      setPending(false);
    }
  };

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={submit}>
      <p>{t('form.reviewIntro')}</p>
      <ol className={styles.summary}>
        {intakeLayout.map(({ id }, index) => (
          <li key={id}>
            <span>{t(`steps.${id}.title` as never)}</span>
            <button type="button" className={styles.linkButton} onClick={() => onEdit(index)}>
              {t('form.edit', { step: t(`steps.${id}.title` as never) })}
            </button>
          </li>
        ))}
      </ol>
      {failure ? (
        <FormAlert>
          <p>{failure}</p>
          <p>{t('form.answersKept')}</p>
        </FormAlert>
      ) : null}
      <ConsentField
        label={t.rich('form.consent', { link: (chunks) => <Link href="/privacy-policy">{chunks}</Link> })}
        error={consentError}
        checked={consent}
        onChange={(event) => {
          setConsent(event.target.checked);
          if (event.target.checked) setConsentError(undefined);
        }}
      />
      <p className={formStyles.hint}>{t('form.consentVersion', { version: INTAKE_CONSENT_VERSION })}</p>
      <div className={`button-row ${styles.navigation}`}>
        <button type="button" className="button button--secondary" onClick={() => onEdit(intakeLayout.length - 1)}>
          {t('form.back')}
        </button>
        <SubmitButton pending={pending} label={t('form.submit')} pendingLabel={t('form.submitting')} />
      </div>
    </form>
  );
}
