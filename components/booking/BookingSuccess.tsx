'use client';

import { useLocale, useTranslations } from 'next-intl';
import { dateLanguage, formatDateTimeRange } from '@/lib/format/dates';
import { useEffect, useMemo, useRef } from 'react';
import type { BookingResult } from '@/lib/api/booking';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import styles from './booking.module.css';

interface Props {
  result: BookingResult;
  moved: boolean;
  email: string | null;
  signedIn: boolean;
  onAnother: () => void;
}

/** After booking: when, the calendar file, Google Calendar, and where to go next. */
export function BookingSuccess({ result, moved, email, signedIn, onAnother }: Props) {
  const t = useTranslations('Booking.success');
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  const { appointment } = result;
  // A data: link rather than a blob URL: nothing to revoke, and it survives a re-render.
  const icsHref = useMemo(() => `data:text/calendar;charset=utf-8,${encodeURIComponent(result.ics)}`, [result.ics]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className={styles.step} aria-labelledby="booking-success-title">
      <h2 id="booking-success-title" ref={heading} tabIndex={-1}>
        {moved ? t('movedTitle') : t('title')}
      </h2>
      <p className={styles.price}>
        {formatDateTimeRange(appointment.start, appointment.end, dateLanguage(locale))}
      </p>
      <p>{email ? t('lead', { email }) : t('leadNoEmail')}</p>
      <div className="button-row">
        <a className="button button--primary" href={icsHref} download={locale === 'fr' ? 'rendez-vous.ics' : 'appointment.ics'}>
          {t('ics')}
        </a>
        <a className="button button--secondary" href={result.google_calendar_link} target="_blank" rel="noopener noreferrer">
          {t('google')}
        </a>
      </div>
      <div className="button-row">
        {signedIn ? (
          <Link className="button button--secondary" href="/profile">
            {t('profile')}
          </Link>
        ) : (
          <Link className="button button--secondary" href="/signup">
            {t('account')}
          </Link>
        )}
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t('another')}
        </button>
      </div>
      {signedIn ? null : <p className={styles.muted}>{t('guestChanges', { phone: formatPhone(clinic.phone) })}</p>}
    </section>
  );
}
