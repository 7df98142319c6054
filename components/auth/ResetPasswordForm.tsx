'use client';

import { NewPasswordFields } from './AccountFields';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { authApi, readApiFailure } from '@/lib/api/auth';
import { Link, useRouter } from '@/lib/i18n/navigation';
import styles from './auth.module.css';
import { applyServerFieldErrors } from './serverErrors';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadResetPasswordFormSchema = () => import('./schemas').then((m) => m.resetPasswordFormSchema);

/** The e-mailed reset link: a new password (twice), then on to sign in. */
export function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const t = useTranslations('Auth.resetConfirm');
  const router = useRouter();
  const [invalidLink, setInvalidLink] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useZodResolver(loadResetPasswordFormSchema), defaultValues: { new_password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async ({ new_password }) => {
    setFormError(null);
    try {
      await authApi.confirmPasswordReset({ uid, token, new_password });
      // replace: the used link leaves the history along with its token.
      router.replace('/login');
    } catch (error) {
      const failure = readApiFailure(error);
      if (failure.code === 'invalid_link') {
        setInvalidLink(true);
        return;
      }
      const applied = applyServerFieldErrors(setError, failure.fieldErrors, [['new_password', 'new_password']]);
      if (applied === 0) setFormError(failure.message ?? t('failed'));
    }
  });

  if (invalidLink) {
    return (
      <div className={styles.stack}>
        <FormAlert>
          <p>{t('invalid')}</p>
        </FormAlert>
        <p>
          <Link className="button button--primary" href="/password-reset">
            {t('requestNew')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit}>
      {formError ? (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      ) : null}
      <NewPasswordFields
        password={{ label: t('newPassword'), error: errors.new_password?.message, field: register('new_password') }}
        confirm={{ label: t('confirmPassword'), error: errors.confirmPassword?.message, field: register('confirmPassword') }}
      />
      <div className="button-row">
        <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  );
}
