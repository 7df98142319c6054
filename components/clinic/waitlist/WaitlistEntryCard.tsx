'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import facts from '@/components/ui/facts.module.css';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { removeWaitlistEntry } from '@/lib/api/clinicWaitlist';
import type { ClinicWaitlistEntry } from '@/lib/schemas/waitlist';
import { dateLanguage, formatDate, formatDateTime, formatLocalDateRange, formatTime, localDateOf, weekdayName } from '@/lib/format/dates';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import styles from './waitlist.module.css';
import { WaitlistOffer } from './WaitlistOffer';

/** The id of an entry's heading, which takes focus after changes near it. */
export const entryHeadingId = (id: number) => `waitlist-entry-${id}`;

interface Props {
  entry: ClinicWaitlistEntry;
  /** This entry's offer panel is the one open. */
  offering: boolean;
  onOffering: (open: boolean) => void;
  /** The server accepted the offer: its sentence, to announce. */
  onOffered: (entry: ClinicWaitlistEntry, message: string) => void;
  /** The server removed the entry: its sentence, to announce. */
  onRemoved: (entry: ClinicWaitlistEntry, message: string) => void;
}

/**
 * One person waiting: whom to reach, what they wait for, when they can come, the time offered
 * now if any; then "Offer a time" (a panel below) and "Remove" (after a confirmation).
 */
export function WaitlistEntryCard({ entry, offering, onOffering, onOffered, onRemoved }: Props) {
  const t = useTranslations('ClinicWaitlist');
  const format = useFormatter();
  const language = dateLanguage(useLocale());
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const offerRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const headingId = entryHeadingId(entry.id);
  const questionId = `${headingId}-confirm`;
  const panelId = `${headingId}-offer`;
  const { person, office, open_offer: offer } = entry;

  const when = (iso: string) => formatDateTime(iso, language, 'brief');
  const span = formatLocalDateRange(entry.from_date, entry.to_date, language);
  const times = entry.times_of_day.length === 3 ? t('anyTime') : format.list(entry.times_of_day.map((time) => t(`times.${time}`)));
  const days = entry.weekdays.length === 7 ? t('everyDay') : format.list(entry.weekdays.map((day) => weekdayName(day, language)));

  const ask = () => {
    if (offering) onOffering(false);
    setError(null);
    setConfirming(true);
    requestAnimationFrame(() => questionRef.current?.focus());
  };
  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => removeRef.current?.focus());
  };
  const remove = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const message = await removeWaitlistEntry(entry.id);
      onRemoved(entry, message || t('removed', { name: person.name }));
    } catch (failure) {
      setConfirming(false);
      setPending(false);
      setError(readApiFailure(failure).message ?? t('removeFailed'));
      requestAnimationFrame(() => removeRef.current?.focus());
    }
  };

  return (
    <article className={listStyles.card} aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1} className={`${styles.name} ${text.focusTarget}`}>
        {person.name}
      </h3>
      <dl className={`${facts.facts} ${styles.facts}`}>
        <div>
          <dt>{t('email')}</dt>
          <dd>
            <a href={`mailto:${person.email}`}>{person.email}</a>
          </dd>
        </div>
        {person.phone ? (
          <div>
            <dt>{t('phone')}</dt>
            <dd>
              <a href={phoneHref(person.phone)}>{formatPhone(person.phone)}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('account')}</dt>
          <dd>
            {person.patient_id !== null ? (
              <Link href={{ pathname: '/profile/patients/[id]', params: { id: String(person.patient_id) } }}>{t('patientRecord')}</Link>
            ) : (
              t('guest')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('sessionLanguage')}</dt>
          <dd>{t(`languages.${entry.session_language}`)}</dd>
        </div>
        <div>
          <dt>{t('service')}</dt>
          <dd>{entry.service.name}</dd>
        </div>
        <div>
          <dt>{t('office')}</dt>
          <dd>{office.is_virtual ? t('virtual') : office.name}</dd>
        </div>
        <div>
          <dt>{t('dietitian')}</dt>
          <dd>{entry.dietitian?.name ?? t('anyDietitian')}</dd>
        </div>
        <div>
          <dt>{t('window')}</dt>
          <dd>{span}</dd>
        </div>
        <div>
          <dt>{t('timesOfDay')}</dt>
          <dd>{times}</dd>
        </div>
        <div>
          <dt>{t('weekdays')}</dt>
          <dd>{days}</dd>
        </div>
        <div>
          <dt>{t('joined')}</dt>
          <dd>
            <time dateTime={entry.created_at}>{formatDate(entry.created_at, language, 'long')}</time>
          </dd>
        </div>
      </dl>

      {offer ? (
        <p className={styles.offer}>
          {t('offered', {
            time: when(offer.start),
            name: offer.dietitian_name,
            // The hour alone when the offer ends on the day of the time offered.
            until:
              localDateOf(offer.expires_at) === localDateOf(offer.start)
                ? formatTime(offer.expires_at, language)
                : when(offer.expires_at),
          })}
        </p>
      ) : null}

      {error ? (
        <div className={`${text.alert} ${styles.gap}`} role="alert">
          <p className={styles.flush}>{error}</p>
        </div>
      ) : null}

      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby={questionId}>
          <p id={questionId} ref={questionRef} tabIndex={-1} className={`${styles.question} ${text.focusTarget}`}>
            {t('removeQuestion', { name: person.name })}
          </p>
          {offer ? <p>{t('removeText')}</p> : null}
          <div className="button-row">
            <button type="button" className={`button ${styles.danger}`} aria-disabled={pending || undefined} onClick={() => void remove()}>
              {pending ? t('removing') : t('removeConfirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={keep} disabled={pending}>
              {t('keep')}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row" role="group" aria-label={t('actionsFor', { name: person.name })}>
          <button
            ref={offerRef}
            type="button"
            className="button button--primary"
            aria-expanded={offering}
            aria-controls={offering ? panelId : undefined}
            onClick={() => onOffering(!offering)}
          >
            {t('offerTime')} <span className="visually-hidden">{t('toName', { name: person.name })}</span>
          </button>
          <button ref={removeRef} type="button" className="button button--secondary" onClick={ask}>
            {t('remove')} <span className="visually-hidden">{person.name}</span>
          </button>
        </div>
      )}

      {offering ? (
        <div id={panelId}>
          <WaitlistOffer
            entry={entry}
            onOffered={(message) => onOffered(entry, message)}
            onClose={() => {
              onOffering(false);
              requestAnimationFrame(() => offerRef.current?.focus());
            }}
          />
        </div>
      ) : null}
    </article>
  );
}
