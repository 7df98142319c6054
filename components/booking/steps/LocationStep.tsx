'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { officeLabel } from '@/lib/format/office';
import { useBookingStore } from '@/stores/useBookingStores';
import styles from '../booking.module.css';
import { ChoiceSkeleton, LoadFailed, StepActions, StepFrame } from '../StepFrame';

/** Step 6: an office (or virtual); selecting the chosen one again clears it and the date/time. */
export function LocationStep({ focusHeading }: { focusHeading: boolean }) {
  const t = useTranslations('Booking');
  const language = useLocale() === 'fr' ? 'fr' : 'en';
  const offices = useBookingStore((s) => s.offices);
  const officeId = useBookingStore((s) => s.officeId);
  const loading = useBookingStore((s) => s.pending === 'offices');
  const failed = useBookingStore((s) => s.failure?.step === 5 && s.offices === null);
  const selectOffice = useBookingStore((s) => s.selectOffice);
  const fetchOffices = useBookingStore((s) => s.fetchOffices);
  const checkLocation = useBookingStore((s) => s.checkLocation);
  const canSkip = useBookingStore((s) => s.checkedThrough >= 5);
  const pending = useBookingStore((s) => s.pending === 'check' || s.pending === 'appointments');
  const next = useBookingStore((s) => s.next);
  const previous = useBookingStore((s) => s.previous);
  const [tried, setTried] = useState(false);
  const texts = { virtual: t('location.virtual'), noAddress: t('location.noAddress') };

  return (
    <StepFrame title={t('location.title')} lead={t('location.lead')} focusHeading={focusHeading}>
      {loading ? <ChoiceSkeleton label={t('location.loading')} count={3} /> : null}
      {failed && !loading ? (
        <LoadFailed message={t('location.failed')} onRetry={() => void fetchOffices()} />
      ) : null}
      {offices && !loading && offices.length === 0 ? <p role="status">{t('location.empty')}</p> : null}
      {offices && !loading && offices.length > 0 ? (
        <ul className={styles.choices}>
          {offices.map((office) => {
            const selected = office.id === officeId;
            return (
              <li key={office.id} className={styles.officeCard}>
                <button
                  type="button"
                  className={styles.choice}
                  aria-pressed={selected}
                  aria-disabled={!office.is_available || undefined}
                  onClick={() => {
                    if (office.is_available) selectOffice(office.id);
                  }}
                >
                  <span className={styles.choiceName}>{office.name}</span>
                  <span>{officeLabel(office, texts, language)}</span>
                  {office.is_virtual ? <span className={styles.muted}>{t('location.virtualText')}</span> : null}
                  {!office.is_available ? <span className={styles.muted}>{t('location.unavailable')}</span> : null}
                  {selected ? <span className={styles.badge}>{t('location.selected')}</span> : null}
                </button>
                {office.google_maps_link ? (
                  <a href={office.google_maps_link} target="_blank" rel="noopener noreferrer">
                    {t('location.map', { name: office.name })}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {tried && officeId === null && offices && offices.length > 0 ? (
        <p className={styles.error} role="alert">
          {t('location.required')}
        </p>
      ) : null}
      <StepActions
        onBack={previous}
        pending={pending}
        onContinue={() => {
          setTried(true);
          if (officeId === null) return;
          if (canSkip) next();
          else void checkLocation();
        }}
      />
    </StepFrame>
  );
}
