'use client';

import { useTranslations } from 'next-intl';
import formStyles from '@/components/ui/form/form.module.css';
import type { Language } from '@/lib/api/booking';
import { useBookingStore } from '@/stores/useBookingStores';
import { StepActions, StepFrame } from '../StepFrame';
import { PatientPicker } from './PatientPicker';

interface Props {
  focusHeading: boolean;
  isEmployee: boolean;
}

const LANGUAGES: Language[] = ['en', 'fr'];

/** Step 1: the appointment's language (and, for an employee, the patient and the dietitian). */
export function SessionStep({ focusHeading, isEmployee }: Props) {
  const t = useTranslations('Booking');
  const language = useBookingStore((s) => s.sessionLanguage);
  const setLanguage = useBookingStore((s) => s.setSessionLanguage);
  const pending = useBookingStore((s) => s.pending === 'check');
  const checkSession = useBookingStore((s) => s.checkSession);
  const canSkip = useBookingStore((s) => s.checkedThrough >= 0);
  const next = useBookingStore((s) => s.next);
  const patient = useBookingStore((s) => s.patient);
  const patientReady = useBookingStore((s) => s.patientInfo !== null);

  const blocked = isEmployee && (!patient || !patientReady);

  return (
    <StepFrame title={t('session.title')} lead={t('session.lead')} focusHeading={focusHeading}>
      {isEmployee ? <PatientPicker /> : null}
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.label}>{t('session.legend')}</legend>
        <div className={formStyles.radios}>
          {LANGUAGES.map((code) => (
            <label key={code} className={formStyles.radio}>
              <input
                type="radio"
                name="session-language"
                value={code}
                checked={language === code}
                onChange={() => setLanguage(code)}
              />
              <span>{t(`session.${code}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {blocked && patient === null ? <p className={formStyles.hint}>{t('employee.patientRequired')}</p> : null}
      <StepActions
        pending={pending}
        onContinue={() => {
          if (blocked) return;
          if (canSkip) next();
          else void checkSession();
        }}
      />
    </StepFrame>
  );
}
