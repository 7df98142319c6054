'use client';

import { LanguageChoice, NewPasswordFields } from './AccountFields';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { authApi, readApiFailure } from '@/lib/api/auth';
import { useRouter } from '@/lib/i18n/navigation';
import { useAuthStore } from '@/stores/StoresProvider';
import styles from './auth.module.css';
import { applyServerFieldErrors } from './serverErrors';
import { useQueryParam } from './useQueryParam';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadEmployeeFormSchema = () => import('./schemas').then((m) => m.employeeFormSchema);

/** Employee sign-up from an e-mailed invitation (`?invite=<token>`); the invitation proves the address. */
export function EmployeeSignupForm() {
  const t = useTranslations('Auth.employee');
  const language: 'en' | 'fr' = useLocale() === 'fr' ? 'fr' : 'en';
  const router = useRouter();
  const invite = useQueryParam('invite');
  const validate = useAuthStore((s) => s.validate);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: useZodResolver(loadEmployeeFormSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      phone: '',
      password: '',
      confirmPassword: '',
      preferred_language: language,
    },
  });

  if (invite === null || invite === '') {
    return (
      <FormAlert>
        <p>{t('missingInvite')}</p>
      </FormAlert>
    );
  }

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    setFormError(null);
    try {
      await authApi.signupEmployee({ ...values, invite_token: invite ?? '' });
      // Signed in by the sign-up, or asked to sign in: the session check tells which.
      router.replace((await validate()) ? '/profile' : '/login');
    } catch (error) {
      const failure = readApiFailure(error);
      const applied = applyServerFieldErrors(setError, failure.fieldErrors, [
        ['first_name', 'first_name'],
        ['last_name', 'last_name'],
        ['phone', 'phone'],
        ['password', 'password'],
        ['preferred_language', 'preferred_language'],
      ]);
      if (applied === 0 || failure.code === 'invite_invalid') setFormError(failure.message ?? t('failed'));
    }
  });

  return (
    <form method="post" className={`${formStyles.form} ${styles.wide}`} noValidate onSubmit={onSubmit}>
      {formError ? (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      ) : null}
      <div className={styles.row}>
        <TextField
          label={t('firstName')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label={t('lastName')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <TextField
        label={t('phone')}
        hint={t('phoneHint')}
        optional
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <NewPasswordFields
        password={{ label: t('password'), error: errors.password?.message, field: register('password') }}
        confirm={{ label: t('confirmPassword'), error: errors.confirmPassword?.message, field: register('confirmPassword') }}
      />
      <LanguageChoice
        label={t('language')}
        error={errors.preferred_language?.message}
        field={register('preferred_language')}
      />
      <div className="button-row">
        <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  );
}
