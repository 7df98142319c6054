'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import { TextField } from '@/components/ui/form/Field';
import { PasswordField } from '@/components/ui/form/PasswordField';
import formStyles from '@/components/ui/form/form.module.css';
import { useZodResolver } from '@/components/ui/form/useZodResolver';
import { Link, useRouter } from '@/lib/i18n/navigation';
import type { LoginResult } from '@/stores/auth';
import { useAuthStore, useUserStore } from '@/stores/StoresProvider';
import { selectFullName } from '@/stores/user';
import styles from './auth.module.css';
import { returnHref } from './nextPath';

// zod loads on the visitor's first use of the page, not with it (useZodResolver, issue #42).
const loadLoginSchema = () => import('@/lib/schemas/auth').then((m) => m.loginSchema);

type Failure = Extract<LoginResult, { ok: false }>;

/** Sign-in: e-mail and password; returns to `next` (a same-site path) or to the profile. */
export function LoginForm() {
  const t = useTranslations('Auth.login');
  const router = useRouter();
  const login = useAuthStore((s) => s.login);
  const signedInAs = useUserStore(selectFullName);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const [failure, setFailure] = useState<Failure | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: useZodResolver(loadLoginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (credentials) => {
    setFailure(null);
    const result = await login(credentials);
    if (result.ok) {
      // Read at submit time: the page stays static, and the value is checked before use.
      router.replace(returnHref(new URLSearchParams(window.location.search).get('next')));
      return;
    }
    // The server has mailed a reset link: the prompt page says what to do next.
    if (result.passwordResetRequired) {
      router.push('/password-reset-prompt');
      return;
    }
    setFailure(result);
  });

  return (
    <div className={styles.stack}>
      {isAuthenticated && signedInAs ? (
        <FormAlert tone="info">
          <p>
            {t('alreadySignedIn', { name: signedInAs })} <Link href="/profile">{t('goToProfile')}</Link>
          </p>
        </FormAlert>
      ) : null}

      <form method="post" className={formStyles.form} onSubmit={onSubmit} noValidate>
        {failure?.requireEmailVerification ? (
          <FormAlert>
            <p>{t('notVerified')}</p>
            <p>
              <Link href="/verify-email-prompt">{t('resendLink')}</Link>
            </p>
          </FormAlert>
        ) : failure ? (
          <FormAlert>
            <p>{failure.message ?? t('failed')}</p>
          </FormAlert>
        ) : null}

        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t('password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="button-row">
          <SubmitButton pending={isSubmitting} label={t('submit')} pendingLabel={t('submitting')} />
        </div>
      </form>

      <ul className={styles.links}>
        <li>
          <Link href="/password-reset">{t('forgot')}</Link>
        </li>
        <li>
          {t('newHere')} <Link href="/signup">{t('createAccount')}</Link>
        </li>
      </ul>
    </div>
  );
}
