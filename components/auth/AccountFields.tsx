'use client';

import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '@/components/ui/form/PasswordField';
import { RadioGroup } from '@/components/ui/form/RadioGroup';

interface FieldInput {
  label: string;
  error?: string;
  field: UseFormRegisterReturn;
}

/** A new password and its confirmation, with the same rule hint and autocomplete in every form. */
export function NewPasswordFields({ password, confirm }: { password: FieldInput; confirm: FieldInput }) {
  const forms = useTranslations('Forms');
  return (
    <>
      <PasswordField
        label={password.label}
        hint={forms('passwordHint')}
        autoComplete="new-password"
        error={password.error}
        {...password.field}
      />
      <PasswordField label={confirm.label} autoComplete="new-password" error={confirm.error} {...confirm.field} />
    </>
  );
}

/** English or French: the account's preferred language. */
export function LanguageChoice({ label, hint, error, field }: FieldInput & { hint?: string }) {
  const languages = useTranslations('Auth.languages');
  return (
    <RadioGroup
      legend={label}
      hint={hint}
      error={error}
      options={[
        { value: 'en', label: languages('en') },
        { value: 'fr', label: languages('fr') },
      ]}
      {...field}
    />
  );
}
