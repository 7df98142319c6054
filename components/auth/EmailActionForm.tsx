'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { readApiFailure } from '@/lib/api/auth';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadEmailOnlySchema = () => import('@/lib/schemas/auth').then((m) => m.emailOnlySchema);

interface Props {
  /** The call to make (resend verification, request a reset). The server answers the same either way. */
  action: (email: string) => Promise<void>;
  /** When the address is already known (kept in the auth store), only the button is shown. */
  knownEmail?: string | null;
  emailLabel: string;
  submitLabel: string;
  pendingLabel: string;
  /** Shown after a successful call, unless `onSent` takes the visitor elsewhere. */
  sentText?: string;
  onSent?: (email: string) => void;
}

/** One e-mail address and one button; 429 and other failures are explained inline. */
export function EmailActionForm({ action, knownEmail, emailLabel, submitLabel, pendingLabel, sentText, onSent }: Props) {
  const t = useTranslations('Auth.resend');
  const [outcome, setOutcome] = useState<{ sent: true } | { error: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useZodResolver(loadEmailOnlySchema), defaultValues: { email: knownEmail ?? '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await action(email);
      if (onSent) onSent(email);
      else setOutcome({ sent: true });
    } catch (error) {
      const failure = readApiFailure(error);
      const fallback = failure.status === 429 ? t('rateLimited') : t('failed');
      setOutcome({ error: failure.message ?? fallback });
    }
  });

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={onSubmit}>
      {outcome && 'error' in outcome ? (
        <FormAlert>
          <p>{outcome.error}</p>
        </FormAlert>
      ) : null}
      {outcome && 'sent' in outcome && sentText ? (
        <FormAlert tone="info">
          <p>{sentText}</p>
        </FormAlert>
      ) : null}
      {knownEmail ? null : (
        <TextField
          label={emailLabel}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
      )}
      <div className="button-row">
        <SubmitButton pending={isSubmitting} label={submitLabel} pendingLabel={pendingLabel} />
      </div>
    </form>
  );
}
