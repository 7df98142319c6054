'use client';

import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/form/Field';
import { SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { formatPostalCode } from '@/lib/format/postalCode';
import styles from '../auth.module.css';
import { addressStepSchema } from '../schemas';
import type { StepProps } from './types';
import { useAddressMetadata } from './useAddressMetadata';
import { useServerErrors } from './useServerErrors';

/** The wizard's last step: the address, then the account is created. */
export function AddressStep({ values, serverErrors, onNext, onBack }: StepProps<'address'>) {
  const t = useTranslations('Auth.signup');
  const { metadata, loading, failed, retry } = useAddressMetadata();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useZodResolver(addressStepSchema), defaultValues: values });
  useServerErrors(setError, serverErrors);
  const country = useWatch({ control, name: 'country' });

  /** Until the lists arrive (or if they cannot), the current choice stays selectable. */
  const optionsOf = (list: Array<{ code: string; name: string }> | undefined, current: string | undefined) =>
    list?.map((item) => ({ value: item.code, label: item.name })) ??
    [{ value: current ?? '', label: loading ? `${current ?? ''} (${t('listLoading')})` : (current ?? '') }];

  return (
    <form className={formStyles.form} noValidate onSubmit={handleSubmit((parsed) => onNext(getValues(), parsed))}>
      <div className={`${styles.row} ${styles.narrowFirst}`}>
        <TextField label={t('streetNumber')} error={errors.streetNumber?.message} {...register('streetNumber')} />
        <TextField label={t('streetName')} error={errors.streetName?.message} {...register('streetName')} />
      </div>
      <TextField
        label={t('unitNumber')}
        optional
        autoComplete="address-line2"
        error={errors.unitNumber?.message}
        {...register('unitNumber')}
      />
      <TextField label={t('city')} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />

      {failed ? (
        <div className={formStyles.field}>
          <p className={formStyles.hint} role="status">
            {t('listFailed')}
          </p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={retry}>
              {t('retry')}
            </button>
          </div>
        </div>
      ) : null}

      {country === 'CA' ? (
        <Controller
          control={control}
          name="province"
          render={({ field }) => (
            <SelectField
              label={t('province')}
              autoComplete="address-level1"
              error={errors.province?.message}
              options={optionsOf(metadata?.provinces, field.value)}
              {...field}
            />
          )}
        />
      ) : (
        <TextField
          label={t('region')}
          hint={t('regionHint')}
          autoComplete="address-level1"
          maxLength={2}
          error={errors.province?.message}
          {...register('province')}
        />
      )}

      <TextField
        label={t('postalCode')}
        hint={t('postalCodeHint')}
        autoComplete="postal-code"
        autoCapitalize="characters"
        error={errors.postalCode?.message}
        {...register('postalCode', {
          // SPEC §5: six characters display as 3+3 with a dash; the schema accepts either form.
          onBlur: (event: { target: { value: string } }) =>
            setValue('postalCode', formatPostalCode(event.target.value)),
        })}
      />
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <SelectField
            label={t('country')}
            autoComplete="country"
            error={errors.country?.message}
            options={optionsOf(metadata?.countries, field.value)}
            {...field}
            onChange={(event) => {
              // The Ontario default only makes sense in Canada; a province never carries over.
              const next = event.target.value;
              if (next === 'CA') setValue('province', 'ON');
              else if (field.value === 'CA') setValue('province', '');
              field.onChange(event);
            }}
          />
        )}
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
