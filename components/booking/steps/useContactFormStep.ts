'use client';

import { useEffect } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import type { ContactValues } from '@/stores/bookingSteps';
import { useBookingStore, useBookingStores } from '@/stores/useBookingStores';

/**
 * The contact and address steps: one form over some fields of the SPEC §3 contact form. Every
 * change goes to the store at once (so Back, a jump in the progress bar or a reload of the step
 * loses nothing, and a changed step must be checked again); Continue checks the step with the
 * server unless it still holds; the server's field errors (`contact.<field>`) show at their fields.
 */
export function useContactFormStep<K extends keyof ContactValues>(options: {
  step: number;
  fields: readonly K[];
  schema: z.ZodType;
  check: (contact: ContactValues) => Promise<boolean>;
}) {
  const { step, fields, schema, check } = options;
  const { booking } = useBookingStores();
  const contact = useBookingStore((s) => s.contact);
  const canSkip = useBookingStore((s) => s.checkedThrough >= step);
  const pending = useBookingStore((s) => s.pending === 'check');
  const failure = useBookingStore((s) => (s.failure?.step === step ? s.failure : null));
  const next = useBookingStore((s) => s.next);
  const previous = useBookingStore((s) => s.previous);
  // Only this step's fields as values: the shared schemas are strict about unknown keys.
  const defaultValues = Object.fromEntries(fields.map((field) => [field, contact[field]])) as DefaultValues<Pick<ContactValues, K>>;
  const form = useForm<Pick<ContactValues, K>>({ resolver: useZodResolver(schema as never) as never, defaultValues });
  const { setError, getValues, handleSubmit } = form;

  const values = useWatch({ control: form.control });
  useEffect(() => {
    const current = booking.getState();
    const typed = values as Partial<ContactValues>;
    const changed = fields.some((field) => typed[field] !== undefined && typed[field] !== current.contact[field]);
    if (changed) current.setContact({ ...current.contact, ...typed }, step);
  }, [values, booking, fields, step]);

  useEffect(() => {
    if (!failure) return;
    let first = true;
    for (const [path, messages] of Object.entries(failure.fieldErrors)) {
      const field = path.replace(/^contact\./, '');
      if (!(fields as readonly string[]).includes(field) || !messages[0]) continue;
      setError(field as Path<Pick<ContactValues, K> & FieldValues>, { type: 'server', message: messages[0] }, { shouldFocus: first });
      first = false;
    }
  }, [failure, setError, fields]);

  return {
    form,
    pending,
    onSubmit: handleSubmit(() => {
      if (canSkip) next();
      else void check({ ...contact, ...getValues() });
    }),
    onBack: previous,
  };
}
