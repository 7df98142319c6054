'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import type { AgendaAppointment } from '@/lib/api/clinicAgenda';
import { startEntry } from '@/lib/api/chart';
import { Link, useRouter } from '@/lib/i18n/navigation';
import styles from './agenda.module.css';

/**
 * A past visit's chart note (issue #40 item 8): missing, a draft or signed, and the way to it. A
 * missing note is started here (the visit's service names its template) and opens at once.
 */
export function VisitNote({ appointment }: { appointment: AgendaAppointment }) {
  const t = useTranslations('ClinicAgenda.note');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { note, patient } = appointment;
  if (!note || patient.id === null) return null;
  const patientId = patient.id;

  const write = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const entry = await startEntry(patientId, { appointment_id: appointment.id });
      router.push({ pathname: '/profile/chart-entries/[id]', params: { id: entry.id } });
    } catch (error) {
      setFailure(readApiFailure(error).message ?? t('failed'));
      setBusy(false);
    }
  };

  return (
    <div className={styles.note}>
      <p className={note.state === 'missing' ? styles.noteMissing : styles.muted}>{t('state', { state: t(note.state) })}</p>
      {note.entry_id ? (
        <Link className="button button--secondary" href={{ pathname: '/profile/chart-entries/[id]', params: { id: note.entry_id } }}>
          {t('open', { name: patient.name })}
        </Link>
      ) : (
        <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => void write()}>
          {t('write', { name: patient.name })}
        </button>
      )}
      {failure ? (
        <p role="alert" className={styles.muted}>
          {failure}
        </p>
      ) : null}
    </div>
  );
}
