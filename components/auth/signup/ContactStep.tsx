'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import styles from '../auth.module.css';
import type { StepProps } from './types';
import { useServerErrors } from './useServerErrors';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadContactStepSchema = () => import('../schemas').then((m) => m.contactStepSchema);

export function ContactStep({ values, serverErrors, onNext, onBack }: StepProps<'contact'>) {
  const t = useTranslations('Auth.signup');
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({ resolver: useZodResolver(loadContactStepSchema), defaultValues: values });
  useServerErrors(setError, serverErrors);

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={handleSubmit((parsed) => onNext(getValues(), parsed))}>
      <div className={styles.row}>
        <TextField
          label={t('firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={t('lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('phone')}
        hint={t('phoneHint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => onBack?.(getValues())}>
          {t('back')}
        </button>
        <button type="submit" className="button button--primary">
          {t('next')}
        </button>
      </div>
    </form>
  );
}
