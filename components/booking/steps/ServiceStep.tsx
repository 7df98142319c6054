'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Service } from '@/lib/api/booking';
import { formatPrice } from '@/lib/format/price';
import { Link } from '@/lib/i18n/navigation';
import { useBookingStore } from '@/stores/useBookingStores';
import styles from '../booking.module.css';
import { ChoiceSkeleton, LoadFailed, StepActions, StepFrame } from '../StepFrame';

interface Props {
  focusHeading: boolean;
  services: Service[] | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  signedIn: boolean;
}

/** The tax note beside a price: exempt, included, or added on top. */
export function taxNoteKey(service: Pick<Service, 'is_free_service' | 'is_taxable' | 'tax_included'>) {
  if (service.is_free_service) return 'free' as const;
  if (!service.is_taxable) return 'taxExempt' as const;
  return service.tax_included ? ('taxIncluded' as const) : ('taxAdded' as const);
}

/** Step 2: one service; selecting the chosen one again clears it (and what depended on it). */
export function ServiceStep({ focusHeading, services, loading, failed, onRetry, signedIn }: Props) {
  const t = useTranslations('Booking');
  const locale = useLocale();
  const serviceId = useBookingStore((s) => s.serviceId);
  const hasSession = useBookingStore((s) => Boolean(s.tokens.session_language_token));
  const selectService = useBookingStore((s) => s.selectService);
  const checkService = useBookingStore((s) => s.checkService);
  const canSkip = useBookingStore((s) => s.checkedThrough >= 1);
  const pending = useBookingStore((s) => s.pending === 'check');
  const next = useBookingStore((s) => s.next);
  const previous = useBookingStore((s) => s.previous);
  const [tried, setTried] = useState(false);

  return (
    <StepFrame title={t('service.title')} lead={t('service.lead')} focusHeading={focusHeading}>
      {!signedIn ? (
        <p className={styles.muted}>
          {t('service.guestNote')} <Link href="/login">{t('service.signIn')}</Link>
        </p>
      ) : null}
      {loading && !services ? <ChoiceSkeleton label={t('service.loading')} count={4} /> : null}
      {failed ? (
        <LoadFailed message={t('service.failed')} onRetry={onRetry} />
      ) : null}
      {services && services.length === 0 ? <p>{t('service.empty')}</p> : null}
      {services && services.length > 0 ? (
        <ul className={styles.choices}>
          {services.map((service) => {
            const selected = service.id === serviceId;
            const note = taxNoteKey(service);
            return (
              <li key={service.id}>
                <button
                  type="button"
                  className={styles.choice}
                  aria-pressed={selected}
                  aria-disabled={!hasSession || undefined}
                  aria-describedby={hasSession ? undefined : 'service-needs-session'}
                  onClick={() => {
                    if (hasSession) selectService(service.id);
                  }}
                >
                  <span className={styles.choiceName}>{service.translated_name}</span>
                  <span>{service.translated_short_description}</span>
                  <span className={styles.choiceMeta}>
                    <span>{t('service.duration', { minutes: service.client_duration })}</span>
                    <span className={styles.price}>
                      {service.is_free_service ? t('service.free') : formatPrice(service.base_price_cents, locale, service.currency)}
                    </span>
                    {note !== 'free' ? <span>{t(`service.${note}`)}</span> : null}
                  </span>
                  {selected ? <span className={styles.badge}>{t('service.selected')}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {tried && serviceId === null ? (
        <p className={styles.error} role="alert">
          {t('service.required')}
        </p>
      ) : null}
      {hasSession ? null : (
        <p id="service-needs-session" className={styles.muted}>
          {t('service.needsSession')}
        </p>
      )}
      <StepActions
        onBack={previous}
        pending={pending}
        onContinue={() => {
          setTried(true);
          if (serviceId === null) return;
          if (canSkip) next();
          else void checkService();
        }}
      />
    </StepFrame>
  );
}
