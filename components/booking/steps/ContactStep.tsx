'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { TextField } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { contactSchema } from '@/lib/schemas/contact';
import type { ContactValues } from '@/stores/bookingSteps';
import { useBookingStore } from '@/stores/StoresProvider';
import { StepActions, StepFrame } from '../StepFrame';
import styles from '../booking.module.css';

const contactFields = contactSchema.pick({ firstName: true, lastName: true, email: true, phone: true });
type ContactFields = Pick<ContactValues, 'firstName' | 'lastName' | 'email' | 'phone'>;

/** Shows the server's field errors (`contact.<field>`) for this step at its fields. */
export function useStepFieldErrors<T extends Record<string, unknown>>(
  step: number,
  setError: (field: Path<T>, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
  fields: readonly string[],
) {
  const failure = useBookingStore((s) => (s.failure?.step === step ? s.failure : null));
  useEffect(() => {
    if (!failure) return;
    let first = true;
    for (const [path, messages] of Object.entries(failure.fieldErrors)) {
      const field = path.replace(/^contact\./, '');
      if (!fields.includes(field) || !messages[0]) continue;
      setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: first });
      first = false;
    }
  }, [failure, setError, fields]);
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/** The values of one step's fields, from the whole contact form. */
export function pickFields<K extends keyof ContactValues>(contact: ContactValues, fields: readonly K[]): Pick<ContactValues, K> {
  return Object.fromEntries(fields.map((field) => [field, contact[field]])) as Pick<ContactValues, K>;
}

/** Step 3: who the appointment is for (prefilled for a signed-in user or the chosen patient). */
export function ContactStep({ focusHeading, forPatient }: { focusHeading: boolean; forPatient: boolean }) {
  const t = useTranslations('Booking');
  const contact = useBookingStore((s) => s.contact);
  const setContact = useBookingStore((s) => s.setContact);
  const checkContact = useBookingStore((s) => s.checkContact);
  const canSkip = useBookingStore((s) => s.checkedThrough >= 2);
  const pending = useBookingStore((s) => s.pending === 'check');
  const next = useBookingStore((s) => s.next);
  const previous = useBookingStore((s) => s.previous);
  // Only this step's fields as values: the shared schema is strict about unknown keys.
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isDirty },
  } = useForm<ContactFields>({ resolver: useZodResolver(contactFields) as never, defaultValues: pickFields(contact, FIELDS) });
  useStepFieldErrors<ContactFields>(2, setError, FIELDS);

  const merged = (): ContactValues => ({ ...contact, ...getValues() });

  return (
    <StepFrame title={t('contact.title')} lead={forPatient ? t('contact.forPatient') : t('contact.lead')} focusHeading={focusHeading}>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={handleSubmit(() => {
          if (canSkip && !isDirty) next();
          else void checkContact(merged());
        })}
      >
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
