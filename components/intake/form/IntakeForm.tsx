'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '@/components/ui/form/FormParts';
import { Link } from '@/lib/i18n/navigation';
import { intakeLayout } from '@/lib/schemas/intake/layout';
import { REVIEW_STEP, stepValues, validStepCount } from '@/stores/intake';
import { useAppStores, useAuthStore, useUserStore } from '@/stores/StoresProvider';
import { useIntakeStore, useIntakeStoreApi } from '@/stores/useIntake';
import { IntakeProgress } from './IntakeProgress';
import { IntakeStepForm } from './IntakeStepForm';
import { IntakeSubmitStep } from './IntakeSubmitStep';
import styles from './intake.module.css';
import { useIntakeSchemas } from './useIntakeSchemas';
import { useServerDraft } from './useServerDraft';

/**
 * The guided intake form (SPEC §2 patient-form): fifteen steps, then a review with consent.
 * The draft lives in the intake store (browser storage, and the account for signed-in users).
 */
export function IntakeForm() {
  const t = useTranslations('Intake.form');
  const locale = useLocale();
  const { user } = useAppStores();
  const intake = useIntakeStoreApi();
  const hydrated = useIntakeStore((s) => s.hydrated);
  const storedStep = useIntakeStore((s) => s.step);
  const answers = useIntakeStore((s) => s.answers);
  // Until the schemas load (on first use), the step the patient reached counts as valid: they
  // passed each step before it. The server checks every step again on submission.
  const schemas = useIntakeSchemas();
  const validCount = useMemo(() => (schemas ? validStepCount(answers, schemas) : storedStep), [answers, schemas, storedStep]);
  // Bumped when the draft is replaced from outside the form: the open step reloads its values.
  const revision = useIntakeStore((s) => s.revision);
  const validated = useAuthStore((s) => s.validated);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const profileId = useUserStore((s) => s.profile?.id ?? null);
  // Who is here is known once the session is checked (and, signed in, the account is loaded).
  const known = validated && (!isAuthenticated || profileId !== null);
  const userId = isAuthenticated ? profileId : null;
  const [serverErrors, setServerErrors] = useState<{ step: number; errors: Record<string, string[]> } | null>(null);
  const [done, setDone] = useState<{ message: string | null } | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const draft = useServerDraft(known ? userId : null);

  useEffect(() => {
    void intake.persist.rehydrate()?.then(() => intake.setState({ hydrated: true }));
  }, [intake]);

  // Once it is known who is here, a draft of someone else is erased (it holds their health
  // information); a form nobody has typed in yet starts in the page's language and, for a
  // signed-in user, with their details.
  useEffect(() => {
    if (!hydrated || !known) return;
    intake.getState().claim(userId);
    if (intake.getState().updatedAt) return;
    const profile = user.getState().profile;
    intake.getState().prefill('contact', {
      ...stepValues({}, 0),
      preferredLanguage: profile?.user_profile.preferred_language.code ?? locale,
      ...(profile
        ? { firstName: profile.first_name, lastName: profile.last_name, email: profile.email, phone: profile.user_profile.phone_number ?? '' }
        : {}),
    });
  }, [hydrated, known, userId, intake, user, locale]);

  const step = Math.min(storedStep, validCount);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [step, revision, done]);

  const go = (next: number) => {
    moved.current = true;
    setServerErrors(null);
    intake.getState().goTo(next);
  };

  const startOver = async () => {
    await draft.discard();
    intake.getState().reset();
    intake.getState().claim(userId);
    setConfirmingReset(false);
    setServerErrors(null);
    moved.current = true;
  };

  if (!hydrated || !known) {
    return (
      <p className={styles.loading} role="status">
        {t('loading')}
      </p>
    );
  }

  if (done) {
    return (
      <div className={styles.done}>
        <h2 ref={headingRef} tabIndex={-1}>
          {t('doneTitle')}
        </h2>
        <p role="status">{done.message ?? t('doneMessage')}</p>
        <p>{t('doneNext')}</p>
        <div className="button-row">
          <Link href="/book-online" className="button button--primary">
            {t('bookNow')}
          </Link>
          {draft.signedIn ? (
            <Link href="/profile" className="button button--secondary">
              {t('toProfile')}
            </Link>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className={styles.intake}>
      <IntakeProgress step={step} validCount={validCount} headingRef={headingRef} onJump={go} />
      {step === REVIEW_STEP ? (
        <IntakeSubmitStep
          onEdit={go}
          beforeSubmit={draft.settle}
          onFieldErrors={(index, errors) => {
            // Focus goes to the first field in error (the step form does it), not the heading.
            intake.getState().goTo(index);
            setServerErrors({ step: index, errors });
          }}
          onSubmitted={(message) => {
            intake.getState().reset();
            intake.persist.clearStorage();
            moved.current = true;
            setDone({ message });
          }}
        />
      ) : (
        <IntakeStepForm
          key={`${intakeLayout[step]!.id}:${revision}`}
          index={step}
          serverErrors={serverErrors?.step === step ? serverErrors.errors : undefined}
          onNext={() => go(step + 1)}
          onBack={() => go(step - 1)}
        />
      )}
      <div className={styles.footer}>
        <p className={styles.saved}>{t(`saved.${draft.place}`)}</p>
        {confirmingReset ? (
          <FormAlert tone="info">
            <p>{draft.signedIn ? t('startOverAccount') : t('startOverDevice')}</p>
            <div className="button-row">
              <button type="button" className="button button--primary" onClick={() => void startOver()}>
                {t('startOverConfirm')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirmingReset(false)}>
                {t('startOverCancel')}
              </button>
            </div>
          </FormAlert>
        ) : (
          <button type="button" className={styles.linkButton} onClick={() => setConfirmingReset(true)}>
            {t('startOver')}
          </button>
        )}
      </div>
    </div>
  );
}
