'use client';

import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { AddressFields } from '@/components/ui/form/AddressFields';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { addressSchema } from '@/lib/schemas/contact';
import type { ContactValues } from '@/stores/bookingSteps';
import { useBookingStore } from '@/stores/StoresProvider';
import { StepActions, StepFrame } from '../StepFrame';
import styles from '../booking.module.css';
import { pickFields, useStepFieldErrors } from './ContactStep';

type AddressFieldValues = Pick<ContactValues, 'streetNumber' | 'streetName' | 'unitNumber' | 'city' | 'province' | 'postalCode' | 'country'>;
const FIELDS = ['streetNumber', 'streetName', 'unitNumber', 'city', 'province', 'postalCode', 'country'] as const;

/** Step 4: the address; provinces and countries come from the address metadata (kept an hour). */
export function AddressStep({ focusHeading }: { focusHeading: boolean }) {
  const t = useTranslations('Booking');
  const contact = useBookingStore((s) => s.contact);
  const setContact = useBookingStore((s) => s.setContact);
  const checkAddress = useBookingStore((s) => s.checkAddress);
  const canSkip = useBookingStore((s) => s.checkedThrough >= 3);
  const pending = useBookingStore((s) => s.pending === 'check');
  const next = useBookingStore((s) => s.next);
  const previous = useBookingStore((s) => s.previous);
  // Only this step's fields as values: the shared schema is strict about unknown keys.
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<AddressFieldValues>({ resolver: useZodResolver(addressSchema) as never, defaultValues: pickFields(contact, FIELDS) });
  useStepFieldErrors<AddressFieldValues>(3, setError, FIELDS);
  const merged = (): ContactValues => ({ ...contact, ...getValues() });

  return (
    <StepFrame title={t('address.title')} lead={t('address.lead')} focusHeading={focusHeading}>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={handleSubmit(() => {
          if (canSkip && !isDirty) next();
          else void checkAddress(merged());
        })}
      >
        <AddressFields
          register={register as never}
          control={control as never}
          setValue={setValue as never}
          errors={errors}
          rowClassName={styles.row}
        />
        <StepActions
          continueType="submit"
          pending={pending}
          onBack={() => {
            // What was typed is kept for when the visitor comes back.
            if (isDirty) setContact(merged());
            previous();
          }}
        />
      </form>
    </StepFrame>
  );
}
