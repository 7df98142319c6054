'use client';

import { useLocale, useTranslations } from 'next-intl';
import facts from '@/components/ui/facts.module.css';
import text from '@/components/ui/text.module.css';
import type { ClinicPatient } from '@/lib/api/clinicPatients';
import { dateLanguage, formatDate } from '@/lib/format/dates';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { formatPostalCode } from '@/lib/format/postalCode';
import styles from './patients.module.css';

/** The patient's contact details, address, language and preferred dietitian. */
export function PatientContact({ patient }: { patient: ClinicPatient }) {
  const t = useTranslations('ClinicPatients.detail');
  const language = dateLanguage(useLocale());
  const { address } = patient;

  return (
    <section aria-labelledby="patient-contact" className={styles.block}>
      <h3 id="patient-contact">{t('contactHeading')}</h3>
      <dl className={`${facts.facts} ${styles.facts}`}>
        <div>
          <dt>{t('email')}</dt>
          <dd className={text.breakable}>
            <a href={`mailto:${patient.email}`}>{patient.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('phone')}</dt>
          <dd>{patient.phone ? <a href={phoneHref(patient.phone)}>{formatPhone(patient.phone)}</a> : t('notGiven')}</dd>
        </div>
        <div>
          <dt>{t('address')}</dt>
          <dd>
            {address ? (
              <span className={styles.lines}>
                <span>
                  {address.unit_number ? `${address.unit_number}-` : ''}
                  {address.street_number} {address.street_name}
                </span>
                <span>
                  {address.city} ({address.province.name}) {formatPostalCode(address.postal_code)}
                </span>
                <span>{address.country.label}</span>
              </span>
            ) : (
              t('noAddress')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('language')}</dt>
          <dd>{t(`languages.${patient.preferred_language}`)}</dd>
        </div>
        <div>
          <dt>{t('preferredDietitian')}</dt>
          <dd>{patient.preferred_dietitian?.name ?? t('noPreference')}</dd>
        </div>
        <div>
          <dt>{t('since')}</dt>
          <dd>
            <time dateTime={patient.created_at}>
              {formatDate(patient.created_at, language, 'long')}
            </time>
          </dd>
        </div>
      </dl>
    </section>
  );
}
