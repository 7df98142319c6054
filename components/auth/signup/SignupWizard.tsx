'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/ui/form/FormParts';
import { authApi, readApiFailure } from '@/lib/api/auth';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { EMPTY_ADDRESS } from '@/lib/schemas/emptyAddress';
import { useAuthStore } from '@/stores/StoresProvider';
import styles from '../auth.module.css';
import { AddressStep } from './AddressStep';
import { ContactStep } from './ContactStep';
import { CredentialsStep } from './CredentialsStep';
import { SIGNUP_FIELD_PATHS, SIGNUP_STEPS, type SignupParsed, type SignupRaw, type SignupStep, type StepErrors } from './types';

function initialValues(language: string): SignupRaw {
  return {
    credentials: { email: '', password: '', confirmPassword: '', preferred_language: language === 'fr' ? 'fr' : 'en' },
    contact: { firstName: '', lastName: '', phone: '' },
    address: { ...EMPTY_ADDRESS },
  };
}

/** Splits the server's field errors by step (in form order); unknown paths are left out. */
function errorsByStep(fieldErrors: Record<string, string[]>): Partial<Record<SignupStep, StepErrors>> {
  const result: Partial<Record<SignupStep, StepErrors>> = {};
  for (const [path, step, field] of SIGNUP_FIELD_PATHS) {
    const message = fieldErrors[path]?.[0];
    if (message) result[step] = { ...result[step], [field]: message };
  }
  return result;
}

/**
 * Patient sign-up in three steps (credentials, contact, address). Each step is checked with
 * the shared schema before the next one opens; Back keeps what was typed. The server's
 * answer is checked again: its field errors reopen the step they belong to.
 */
export function SignupWizard() {
  const t = useTranslations('Auth.signup');
  const locale = useLocale();
  const router = useRouter();
  const setPendingEmail = useAuthStore((s) => s.setPendingEmail);

  const [step, setStep] = useState(0);
  const [raw, setRaw] = useState<SignupRaw>(() => initialValues(locale));
  const [parsed, setParsed] = useState<Partial<SignupParsed>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<SignupStep, StepErrors>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);

  // After Next or Back, focus moves to the new step's heading (not on first load).
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [step]);

  const goTo = (index: number, moveFocus = true) => {
    focusHeading.current = moveFocus;
    setStep(index);
  };

  function keep<S extends SignupStep>(name: S, values: SignupRaw[S]) {
    setRaw((current) => ({ ...current, [name]: values }));
  }

  function accept<S extends SignupStep>(name: S, values: SignupRaw[S], output: SignupParsed[S]) {
    keep(name, values);
    setParsed((current) => ({ ...current, [name]: output }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function submit(address: SignupParsed['address']) {
    const { credentials, contact } = parsed;
    if (!credentials || !contact) return goTo(credentials ? 1 : 0);
    setFormError(null);
    try {
      await authApi.signup({
        password: credentials.password,
        preferred_language: credentials.preferred_language,
        contact: { ...contact, email: credentials.email, createAccount: true },
        address,
      });
      setPendingEmail(credentials.email);
      router.push('/verify-email-prompt');
    } catch (error) {
      const failure = readApiFailure(error);
      const byStep = errorsByStep(failure.fieldErrors);
      if (failure.code === 'email_taken' && !byStep.credentials?.email) {
        byStep.credentials = { email: failure.message ?? t('failed'), ...byStep.credentials };
      }
      const first = SIGNUP_STEPS.findIndex((name) => byStep[name]);
      if (first === -1) {
        setFormError(failure.message ?? t('failed'));
        return;
      }
      setServerErrors(byStep);
      // Focus goes to the first field in error (set by the step), not to the heading.
      goTo(first, false);
    }
  }

  const name = SIGNUP_STEPS[step] ?? 'credentials';

  return (
    <div className={`${styles.stack} ${styles.wide}`}>
      <ol className={styles.progress} aria-label={t('progressLabel')}>
        {SIGNUP_STEPS.map((stepName, index) => (
          <li
            key={stepName}
            aria-current={index === step ? 'step' : undefined}
            data-state={index < step ? 'done' : index === step ? 'current' : 'todo'}
          >
            {t(`steps.${stepName}`)}
          </li>
          ))}
      </ol>

      <h2 className={styles.stepHeading} ref={headingRef} tabIndex={-1}>
        <span className={styles.stepCount}>{t('stepOf', { current: step + 1, total: SIGNUP_STEPS.length })}</span>
        {t(`steps.${name}`)}
      </h2>

      {formError ? (
        <FormAlert>
          <p>{formError}</p>
        </FormAlert>
      ) : null}

      {name === 'credentials' ? (
        <CredentialsStep
          key="credentials"
          values={raw.credentials}
          serverErrors={serverErrors.credentials}
          onNext={(values, output) => {
            accept('credentials', values, output);
            goTo(1);
          }}
        />
      ) : name === 'contact' ? (
        <ContactStep
          key="contact"
          values={raw.contact}
          serverErrors={serverErrors.contact}
          onBack={(values) => {
            keep('contact', values);
            goTo(0);
          }}
          onNext={(values, output) => {
            accept('contact', values, output);
            goTo(2);
          }}
        />
      ) : (
        <AddressStep
          key="address"
          values={raw.address}
          serverErrors={serverErrors.address}
          onBack={(values) => {
            keep('address', values);
            goTo(1);
          }}
          onNext={async (values, output) => {
            accept('address', values, output);
            await submit(output);
          }}
        />
      )}

      <p>
        {t('haveAccount')} <Link href="/login">{t('signIn')}</Link>
      </p>
    </div>
  );
}
