'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { StaffOnlyNotice } from '@/components/clinic/patients/StaffOnly';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import type { ClinicWaitlistQuery } from '@/lib/api/clinicWaitlist';
import type { ClinicWaitlistEntry } from '@/lib/schemas/waitlist';
import { servicesKey, visibleServices } from '@/stores/services';
import { useBookingStores, useServicesStore } from '@/stores/useBookingStores';
import { mergeOptions, useWaitlist } from './useWaitlist';
import { entryHeadingId, WaitlistEntryCard } from './WaitlistEntryCard';
import { WaitlistFilters } from './WaitlistFilters';
import styles from './waitlist.module.css';

/**
 * The clinic's waitlist (issue #16): the people waiting for an appointment, oldest first,
 * filtered by service, dietitian, office and date; each can be offered a free time by e-mail or
 * taken off the list. For every employee; a patient gets the staff notice (the API refuses them).
 */
export function Waitlist() {
  const t = useTranslations('ClinicWaitlist');
  const locale = useLocale();
  const [query, setQuery] = useState<ClinicWaitlistQuery>({});
  const waitlist = useWaitlist(query);
  const [offeringId, setOfferingId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The service filter lists the clinic's services (the booking flow's cached list), and any
  // service an entry waits for that is no longer offered.
  const stores = useBookingStores();
  const services = useServicesStore((s) => s.items);
  useEffect(() => {
    void stores.services.getState().load(servicesKey(locale, 'signed-in'));
  }, [stores, locale]);

  if (waitlist.problem === 'staffOnly') return <StaffOnlyNotice />;

  const { entries, loading, problem, seen } = waitlist;
  const options = {
    ...seen,
    services: mergeOptions(
      visibleServices(services ?? [], true).map((service) => ({ id: service.id, name: service.translated_name })),
      seen.services,
    ),
  };
  const filtered = Object.values(query).some((value) => value !== undefined);

  const filter = (next: ClinicWaitlistQuery) => {
    waitlist.starting();
    setAnnouncement('');
    setOfferingId(null);
    setQuery(next);
  };

  const removed = (entry: ClinicWaitlistEntry, message: string) => {
    const list = entries ?? [];
    const at = list.findIndex((e) => e.id === entry.id);
    const next = list[at + 1] ?? list[at - 1];
    if (offeringId === entry.id) setOfferingId(null);
    waitlist.drop(entry.id);
    setAnnouncement(message);
    // The card is gone: go on to the next person, or back to the list's heading.
    requestAnimationFrame(() => (next ? document.getElementById(entryHeadingId(next.id)) : headingRef.current)?.focus());
  };

  const offered = (entry: ClinicWaitlistEntry, message: string) => {
    setOfferingId(null);
    setAnnouncement(message);
    // The list comes back with the entry's open offer; the reader stays on that person.
    waitlist.reload();
    requestAnimationFrame(() => document.getElementById(entryHeadingId(entry.id))?.focus());
  };

  let status = '';
  if (loading) status = t('loading');
  else if (entries && !problem) {
    if (entries.length > 0) status = t('summary', { count: entries.length });
    else status = filtered ? t('noMatch') : t('empty');
  }

  return (
    <section className={styles.waitlist} aria-labelledby="clinic-waitlist-heading">
      <h2 id="clinic-waitlist-heading" ref={headingRef} tabIndex={-1} className={`${styles.heading} ${text.focusTarget}`}>
        {t('heading')}
      </h2>

      <WaitlistFilters query={query} options={options} onChange={filter} />

      <p className={styles.muted} role="status">
        {status}
      </p>

      {problem === 'failed' ? (
        <div className={text.alert} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={waitlist.reload}>
            {t('retry')}
          </button>
        </div>
      ) : null}

      <div role="status" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>

      {entries && entries.length > 0 ? (
        <ul className={listStyles.cardList} aria-busy={loading} aria-labelledby="clinic-waitlist-heading">
          {entries.map((entry) => (
            <li key={entry.id}>
              <WaitlistEntryCard
                entry={entry}
                offering={offeringId === entry.id}
                onOffering={(open) => setOfferingId(open ? entry.id : null)}
                onOffered={offered}
                onRemoved={removed}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
