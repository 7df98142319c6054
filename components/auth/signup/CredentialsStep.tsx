'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { RadioGroup } from '@/components/ui/form/RadioGroup';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { credentialsStepSchema } from '../schemas';
import type { StepProps } from './types';
import { useServerErrors } from './useServerErrors';

export function CredentialsStep({ values, serverErrors, onNext }: StepProps<'credentials'>) {
  const t = useTranslations('Auth.signup');
  const forms = useTranslations('Forms');
  const languages = useTranslations('Auth.languages');
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({ resolver: useZodResolver(credentialsStepSchema), defaultValues: values });
  useServerErrors(setError, serverErrors);

  return (
    <form className={formStyles.form} noValidate onSubmit={handleSubmit((parsed) => onNext(getValues(), parsed))}>
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={t('password')}
        hint={forms('passwordHint')}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <RadioGroup
        legend={t('language')}
        hint={t('languageHint')}
        error={errors.preferred_language?.message}
        options={[
          { value: 'en', label: languages('en') },
          { value: 'fr', label: languages('fr') },
        ]}
        {...register('preferred_language')}
      />
      <div className="button-row">
        <button type="submit" className="button button--primary">
          {t('next')}
        </button>
      </div>
    </form>
  );
}
