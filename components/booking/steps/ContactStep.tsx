'use client';

import { useTranslations } from 'next-intl';
import { TextField } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { contactSchema } from '@/lib/schemas/contact';
import { stepIndex } from '@/stores/bookingSteps';
import { useBookingStore } from '@/stores/useBookingStores';
import { StepActions, StepFrame } from '../StepFrame';
import styles from '../booking.module.css';
import { useContactFormStep } from './useContactFormStep';

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
const schema = contactSchema.pick({ firstName: true, lastName: true, email: true, phone: true });

/** Step 3: who the appointment is for (prefilled for a signed-in user or the chosen patient). */
export function ContactStep({ focusHeading, forPatient }: { focusHeading: boolean; forPatient: boolean }) {
  const t = useTranslations('Booking');
  const check = useBookingStore((s) => s.checkContact);
  const { form, pending, onSubmit, onBack } = useContactFormStep({ step: stepIndex('contact'), fields: FIELDS, schema, check });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <StepFrame title={t('contact.title')} lead={forPatient ? t('contact.forPatient') : t('contact.lead')} focusHeading={focusHeading}>
      <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit}>
        <div className={styles.row}>
          <TextField label={t('contact.firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label={t('contact.lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <TextField label={t('contact.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('contact.phone')}
          hint={t('contact.phoneHint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <StepActions continueType="submit" pending={pending} onBack={onBack} />
      </form>
    </StepFrame>
  );
}
