'use client';

import { useTranslations } from 'next-intl';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useAddressMetadata } from '@/components/auth/signup/useAddressMetadata';
import { formatPostalCode } from '@/lib/format/postalCode';
import { SelectField, TextField } from './Field';
import styles from './form.module.css';

/** The address half of the SPEC §3 contact form, as typed. */
export interface AddressValues {
  streetNumber: string;
  streetName: string;
  unitNumber?: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
}

interface Props {
  // react-hook-form's helpers for any form whose values include the address fields.
  register: UseFormRegister<AddressValues>;
  control: Control<AddressValues>;
  setValue: UseFormSetValue<AddressValues>;
  errors: FieldErrors<AddressValues>;
  /** Laid out side by side (street number and name). */
  rowClassName?: string;
}

/**
 * Street, unit, city, province (a list in Canada, free text elsewhere), postal code and country,
 * with the lists from the address metadata. Shared by sign-up and booking.
 */
export function AddressFields({ register, control, setValue, errors, rowClassName }: Props) {
  const t = useTranslations('Auth.signup');
  const { metadata, loading, failed, retry } = useAddressMetadata();
  const country = useWatch({ control, name: 'country' });

  /** Until the lists arrive (or if they cannot), the current choice stays selectable. */
  const optionsOf = (list: Array<{ code: string; name: string }> | undefined, current: string | undefined) =>
    list?.map((item) => ({ value: item.code, label: item.name })) ??
    [{ value: current ?? '', label: loading ? `${current ?? ''} (${t('listLoading')})` : (current ?? '') }];

  return (
    <>
      <div className={rowClassName}>
        <TextField label={t('streetNumber')} error={errors.streetNumber?.message} {...register('streetNumber')} />
        <TextField label={t('streetName')} autoComplete="address-line1" error={errors.streetName?.message} {...register('streetName')} />
      </div>
      <TextField label={t('unitNumber')} optional autoComplete="address-line2" error={errors.unitNumber?.message} {...register('unitNumber')} />
      <TextField label={t('city')} autoComplete="address-level2" error={errors.city?.message} {...register('city')} />

      {failed ? (
        <div className={styles.field}>
          <p className={styles.hint} role="status">
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
          onBlur: (event: { target: { value: string } }) => setValue('postalCode', formatPostalCode(event.target.value), { shouldDirty: true }),
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
    </>
  );
}
