'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/auth/serverErrors';
import { TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import { RadioGroup } from '@/components/ui/form/RadioGroup';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { inviteColleague } from '@/lib/api/clinicTeam';
import { teamInviteSchema } from '@/lib/schemas/clinicTeam';
import styles from './team.module.css';

/** E-mails a colleague a single-use link to employee sign-up, in the language chosen for them. */
export function InviteForm({ onSent }: { onSent: () => void }) {
  const t = useTranslations('ClinicTeam.invite');
  const locale: 'en' | 'fr' = useLocale() === 'fr' ? 'fr' : 'en';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useZodResolver(teamInviteSchema), defaultValues: { email: '', language: locale } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSentTo(null);
    try {
      const invitation = await inviteColleague(values);
      setSentTo(invitation.email);
      reset({ email: '', language: values.language });
      onSent();
    } catch (error) {
      const failure = readApiFailure(error);
      // An address that already has an account is a problem with the address: say it there.
      if (failure.code === 'account_exists' && failure.message) {
        setError('email', { type: 'server', message: failure.message }, { shouldFocus: true });
        return;
      }
      const applied = applyServerFieldErrors(setError, failure.fieldErrors, [
        ['email', 'email'],
        ['language', 'language'],
      ]);
      if (applied === 0) setFormError(failure.message ?? t('failed'));
    }
  });

  return (
    <section aria-labelledby="team-invite" className={styles.section}>
      <h2 id="team-invite">{t('heading')}</h2>
      <p className={styles.muted}>{t('intro')}</p>
      <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit}>
        {formError ? (
          <FormAlert>
            <p>{formError}</p>
          </FormAlert>
        ) : null}
        <TextField
          label={t('email')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <RadioGroup
          legend={t('language')}
          error={errors.language?.message}
          options={[
            { value: 'en', label: t('languages.en'), lang: 'en' },
            { value: 'fr', label: t('languages.fr'), lang: 'fr' },
          ]}
          {...register('language')}
        />
        <div className="button-row">
          <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
        </div>
        {/* Always present, so the confirmation is announced when it appears. */}
        <div role="status" className={sentTo ? styles.sent : undefined}>
          {sentTo ? <p className={text.breakable}>{t('sent', { email: sentTo })}</p> : null}
        </div>
      </form>
    </section>
  );
}
