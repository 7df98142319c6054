'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import chartStyles from '@/components/clinic/chart/chart.module.css';
import { EntryBody } from '@/components/clinic/chart/EntryBody';
import { getSharedEntries } from '@/lib/api/chart';
import type { SharedChartEntryView } from '@/lib/schemas/chart';

/** The chart notes the patient's dietitian shared with them (issue #40 item 5), newest first, as signed, with their addenda. */
export function SharedNotes({ className }: { className?: string }) {
  const t = useTranslations('Chart.shared');
  const [entries, setEntries] = useState<SharedChartEntryView[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getSharedEntries(controller.signal).then(setEntries, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);
  return (
    <section className={className} aria-labelledby="profile-shared-notes">
      <h2 id="profile-shared-notes">{t('heading')}</h2>
      {failed ? <p role="alert">{t('loadFailed')}</p> : null}
      {entries?.length === 0 ? <p>{t('none')}</p> : null}
      {entries?.length ? (
        <ul className={chartStyles.entries}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <article className={chartStyles.entry}>
                <EntryBody entry={entry} heading="h3" />
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
