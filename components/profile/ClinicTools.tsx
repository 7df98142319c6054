'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { getNotesToSign } from '@/lib/api/chart';
import { Link } from '@/lib/i18n/navigation';
import styles from './profile.module.css';

type ToolHref = '/profile/agenda' | '/profile/schedule' | '/profile/patients' | '/profile/waitlist' | '/profile/group-sessions' | '/profile/team' | '/profile/records-requests' | '/profile/backups';

/** An employee's ways into running the clinic; the team, records requests and backups pages are for administrators. */
export function ClinicTools({ admin, className }: { admin: boolean; className?: string }) {
  const t = useTranslations('Profile.clinic');
  const notes = useNotesToSign();
  const links: Array<{ href: ToolHref; label: string; text: string }> = [
    { href: '/profile/agenda', label: t('agenda'), text: t('agendaText') },
    { href: '/profile/schedule', label: t('schedule'), text: t('scheduleText') },
    { href: '/profile/patients', label: t('patients'), text: t('patientsText') },
    { href: '/profile/waitlist', label: t('waitlist'), text: t('waitlistText') },
    { href: '/profile/group-sessions', label: t('groupSessions'), text: t('groupSessionsText') },
    ...(admin
      ? [
          { href: '/profile/team' as const, label: t('team'), text: t('teamText') },
          { href: '/profile/records-requests' as const, label: t('recordsRequests'), text: t('recordsRequestsText') },
          { href: '/profile/backups' as const, label: t('backups'), text: t('backupsText') },
        ]
      : []),
  ];
  return (
    <section className={className} aria-labelledby="profile-clinic">
      <h2 id="profile-clinic">{t('heading')}</h2>
      <ul className={styles.tools}>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
            <p>{link.text}</p>
            {link.href === '/profile/agenda' && notes ? <p className={styles.notesToSign}>{t('notesToSign', notes)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The employee's drafts to sign and past visits without a note (issue #40 item 8); nothing shows if the count fails. */
function useNotesToSign() {
  const [notes, setNotes] = useState<{ drafts: number; missing: number } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getNotesToSign(controller.signal).then(setNotes, () => undefined);
    return () => controller.abort();
  }, []);
  return notes;
}
