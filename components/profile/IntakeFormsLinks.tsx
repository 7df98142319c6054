'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

/** The profile's way to the intake forms: the clinic's list for an employee, their own for a patient. */
export function IntakeFormsLinks({ employee, className }: { employee: boolean; className?: string }) {
  const t = useTranslations('IntakeReview.profile');
  return (
    <section className={className} aria-labelledby="profile-intake-forms">
      <h2 id="profile-intake-forms">{employee ? t('heading') : t('patientHeading')}</h2>
      <p>{employee ? t('employeeText') : t('patientText')}</p>
      <div className="button-row">
        <Link className="button button--secondary" href="/profile/intake-forms">
          {employee ? t('employeeLink') : t('patientLink')}
        </Link>
        {employee ? null : (
          <Link className="button button--secondary" href="/patient-form">
            {t('fillForm')}
          </Link>
        )}
      </div>
    </section>
  );
}
