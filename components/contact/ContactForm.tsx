'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { Field, TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';
import { sendContactMessage } from '@/lib/api/contact';
import { Link } from '@/lib/i18n/navigation';
import type { ContactMessageInput } from '@/lib/schemas/contactMessage';
import { ConsentField } from './ConsentField';
import styles from './contact.module.css';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadContactMessageSchema = () => import('@/lib/schemas/contactMessage').then((m) => m.contactMessageSchema);

const empty: ContactMessageInput = { name: '', email: '', phone: '', subject: '', message: '', consent: false, website: '' };

/** Server field paths -> form fields, in the form's order (the first error takes focus). */
const serverFields = [
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['subject', 'subject'],
  ['message', 'message'],
  ['consent', 'consent'],
] as const;

/**
 * The contact page's form (POST /api/contact). Once sent, a thank-you replaces it: announced by
 * the live region it is written into, and focused so keyboard users are not left on nothing.
 */
export function ContactForm() {
  const t = useTranslations('Contact.form');
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useZodResolver(loadContactMessageSchema), defaultValues: empty });

  useEffect(() => {
    if (sent) statusRef.current?.focus();
  }, [sent]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const message = await sendContactMessage(values);
      reset(empty);
      setSent({ message: message ?? t('sent'), email: values.email });
    } catch (error) {
      const failure = readApiFailure(error);
      const applied = applyServerFieldErrors(setError, failure.fieldErrors, serverFields);
      if (applied === 0) setFormError(failure.message ?? t('failed'));
    }
  });

  const another = () => {
    setSent(null);
    // The form is back on the next render; then its first field takes focus.
    setTimeout(() => setFocus('name'), 0);
  };

  return (
    <div className={styles.formArea}>
      <div ref={statusRef} role="status" tabIndex={-1} className={sent ? styles.sent : undefined}>
        {sent ? (
          <>
            <h3>{t('sentHeading')}</h3>
            <p>{sent.message}</p>
            <p>{t('sentCheckInbox', { email: sent.email })}</p>
          </>
        ) : null}
      </div>
      {sent ? (
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={another}>
            {t('sendAnother')}
          </button>
        </div>
      ) : (
        <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit}>
          {formError ? (
            <FormAlert>
              <p>{formError}</p>
            </FormAlert>
          ) : null}
          <TextField label={t('name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label={t('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('phone')}
            hint={t('phoneHint')}
            optional
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField label={t('subject')} error={errors.subject?.message} {...register('subject')} />
          <Field label={t('message')} hint={t('messageHint')} error={errors.message?.message}>
            {(control) => <textarea className={`${formStyles.input} ${formStyles.textarea}`} rows={7} {...control} {...register('message')} />}
          </Field>
          {/* The honeypot: people never see or reach it; bots that fill every field give themselves away. */}
          <div className={formStyles.visuallyHidden} aria-hidden="true">
            <label htmlFor="contact-website">{t('honeypot')}</label>
            <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
          </div>
          <ConsentField
            label={t.rich('consent', { link: (chunks) => <Link href="/privacy-policy">{chunks}</Link> })}
            error={errors.consent?.message}
            {...register('consent')}
          />
          <div className="button-row">
            <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
          </div>
        </form>
      )}
    </div>
  );
}
