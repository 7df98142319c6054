'use client';

import { LanguageChoice, NewPasswordFields } from '../AccountFields';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import type { StepProps } from './types';
import { useServerErrors } from './useServerErrors';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadCredentialsStepSchema = () => import('../schemas').then((m) => m.credentialsStepSchema);

export function CredentialsStep({ values, serverErrors, onNext }: StepProps<'credentials'>) {
  const t = useTranslations('Auth.signup');
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({ resolver: useZodResolver(loadCredentialsStepSchema), defaultValues: values });
  useServerErrors(setError, serverErrors);

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={handleSubmit((parsed) => onNext(getValues(), parsed))}>
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <NewPasswordFields
        password={{ label: t('password'), error: errors.password?.message, field: register('password') }}
        confirm={{ label: t('confirmPassword'), error: errors.confirmPassword?.message, field: register('confirmPassword') }}
      />
      <LanguageChoice
        label={t('language')} hint={t('languageHint')}
        error={errors.preferred_language?.message}
        field={register('preferred_language')}
      />
      <div className="button-row">
        <button type="submit" className="button button--primary">
          {t('next')}
        </button>
      </div>
    </form>
  );
}
