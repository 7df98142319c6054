'use client';

import { NewPasswordFields } from './AccountFields';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { authApi, readApiFailure } from '@/lib/api/auth';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { useAuthStore } from '@/stores/StoresProvider';
import { applyServerFieldErrors } from './serverErrors';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadChangePasswordFormSchema = () => import('./schemas').then((m) => m.changePasswordFormSchema);

/** Change password (inside RequireAuth): current, new and confirmation. Other sessions end. */
export function ChangePasswordForm() {
  const t = useTranslations('Auth.changePassword');
  const router = useRouter();
  const validate = useAuthStore((s) => s.validate);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useZodResolver(loadChangePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setFormError(null);
    try {
      await authApi.changePassword({ current_password, new_password });
      router.push('/profile');
    } catch (error) {
      const failure = readApiFailure(error);
      if (failure.status === 401) {
        // The session ended meanwhile: the check clears it and the page guard asks to sign in.
        await validate();
        return;
      }
      const fieldErrors =
        failure.code === 'wrong_current_password' && !failure.fieldErrors.current_password && failure.message
          ? { ...failure.fieldErrors, current_password: [failure.message] }
          : failure.fieldErrors;
      const applied = applyServerFieldErrors(setError, fieldErrors, [
        ['current_password', 'current_password'],
        ['new_password', 'new_password'],
      ]);
      if (applied === 0) setFormError(failure.message ?? t('failed'));
    }
  });

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit}>
      {formError ? (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      ) : null}
      <PasswordField
        label={t('current')}
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <NewPasswordFields
        password={{ label: t('new'), error: errors.new_password?.message, field: register('new_password') }}
        confirm={{ label: t('confirm'), error: errors.confirmPassword?.message, field: register('confirmPassword') }}
      />
      <div className="button-row">
        <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
        <Link className="button button--secondary" href="/profile">
          {t('cancel')}
        </Link>
      </div>
    </form>
  );
}
