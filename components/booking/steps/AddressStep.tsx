'use client';

import { useTranslations } from 'next-intl';
import { AddressFields } from '@/components/ui/form/AddressFields';
import formStyles from '@/components/ui/form/form.module.css';
import { addressSchema } from '@/lib/schemas/contact';
import { stepIndex } from '@/stores/bookingSteps';
import { useBookingStore } from '@/stores/useBookingStores';
import { StepActions, StepFrame } from '../StepFrame';
import styles from '../booking.module.css';
import { useContactFormStep } from './useContactFormStep';

const FIELDS = ['streetNumber', 'streetName', 'unitNumber', 'city', 'province', 'postalCode', 'country'] as const;

/** Step 4: the address; provinces and countries come from the address metadata (kept an hour). */
export function AddressStep({ focusHeading }: { focusHeading: boolean }) {
  const t = useTranslations('Booking');
  const check = useBookingStore((s) => s.checkAddress);
  const { form, pending, onSubmit, onBack } = useContactFormStep({ step: stepIndex('address'), fields: FIELDS, schema: addressSchema, check });

  return (
    <StepFrame title={t('address.title')} lead={t('address.lead')} focusHeading={focusHeading}>
      <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit}>
        <AddressFields
          register={form.register as never}
          control={form.control as never}
          setValue={form.setValue as never}
          errors={form.formState.errors}
          rowClassName={styles.row}
        />
        <StepActions continueType="submit" pending={pending} onBack={onBack} />
      </form>
    </StepFrame>
  );
}
