'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';
import { privacyApi, type ClosedAccount } from '@/lib/api/privacy';
import { dateLanguage, formatLocalDate } from '@/lib/format/dates';
import { closeAccountSchema } from '@/lib/schemas/privacy';
import { useAuthStore } from '@/stores/StoresProvider';

/**
 * The closing form (issue #30 item 3), loaded only when the patient asks to close (CloseAccount):
 * the password typed again; then what was erased and what is kept, until when. The session is
 * already gone on the server: "Done" signs the page out too.
 */
export default function CloseAccountForm({ headingId, onCancel }: { headingId: string; onCancel: () => void }) {
  const t = useTranslations('Profile.close');
  const locale = useLocale();
  const logout = useAuthStore((s) => s.logout);
  const [result, setResult] = useState<ClosedAccount | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof closeAccountSchema>>({ resolver: useZodResolver(closeAccountSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      setResult(await privacyApi.closeAccount(password));
    } catch (error) {
      const failure = readApiFailure(error);
      const fieldErrors = failure.code === 'wrong_password' && !failure.fieldErrors.password && failure.message ? { password: [failure.message] } : failure.fieldErrors;
      if (applyServerFieldErrors(setError, fieldErrors, [['password', 'password']]) === 0) setFormError(failure.message ?? t('failed'));
    }
  });

  if (result) {
    return (
      <div role="status" aria-labelledby={`${headingId}-done`}>
        <h3 id={`${headingId}-done`}>{t('doneHeading')}</h3>
        <p>{t('doneErased')}</p>
        <p>{t('doneCancelled', { count: result.cancelled_visits })}</p>
        <p>
          {result.kept_until
            ? t('doneKept', { date: formatLocalDate(result.kept_until, dateLanguage(locale), 'long') })
            : t('doneNothingKept')}
        </p>
        <p>{t('doneNewAccount')}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={() => void logout()}>
            {t('finish')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
      {formError ? (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      ) : null}
      <PasswordField label={t('password')} hint={t('passwordHint')} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <div className="button-row">
        <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
