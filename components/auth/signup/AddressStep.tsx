'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { AddressFields } from '@/components/ui/form/AddressFields';
import { SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import styles from '../auth.module.css';
import type { StepProps } from './types';
import { useServerErrors } from './useServerErrors';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadAddressStepSchema = () => import('../schemas').then((m) => m.addressStepSchema);

/** The wizard's last step: the address, then the account is created. */
export function AddressStep({ values, serverErrors, onNext, onBack }: StepProps<'address'>) {
  const t = useTranslations('Auth.signup');
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useZodResolver(loadAddressStepSchema), defaultValues: values });
  useServerErrors(setError, serverErrors);

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={handleSubmit((parsed) => onNext(getValues(), parsed))}>
      <AddressFields
        register={register as never}
        control={control as never}
        setValue={setValue as never}
        errors={errors}
        rowClassName={`${styles.row} ${styles.narrowFirst}`}
      />

      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => onBack?.(getValues())}>
          {t('back')}
        </button>
        <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
      </div>
    </form>
  );
}
