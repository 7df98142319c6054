'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { dateLanguage, formatDate } from '@/lib/format/dates';
import type { TeamInvitation } from '@/lib/api/clinicTeam';
import styles from './team.module.css';

/** The invitations waiting to be used, then (folded away) the latest used, expired or replaced ones. */
export function InvitationList({ invitations }: { invitations: TeamInvitation[] }) {
  const t = useTranslations('ClinicTeam.invitations');
  const language = dateLanguage(useLocale());
  const day = (iso: string) => formatDate(iso, language, 'medium');
  const open = invitations.filter((invite) => invite.status === 'pending');
  const earlier = invitations.filter((invite) => invite.status !== 'pending');

  return (
    <section aria-labelledby="team-invitations" className={styles.section}>
      <h2 id="team-invitations">{t('heading')}</h2>
      {open.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {open.map((invite) => (
            <InvitationItem key={invite.id} invite={invite} sent={day(invite.created_at)}>
              <dt>{t('expires')}</dt>
              <dd>
                <time dateTime={invite.expires_at}>{day(invite.expires_at)}</time>
              </dd>
            </InvitationItem>
          ))}
        </ul>
      )}
      {earlier.length > 0 ? (
        <details className={styles.earlier}>
          <summary>{t('earlier', { count: earlier.length })}</summary>
          <ul className={styles.list}>
            {earlier.map((invite) => (
              <InvitationItem key={invite.id} invite={invite} sent={day(invite.created_at)}>
                <dt>{t('statusLabel')}</dt>
                <dd>{t(`status.${invite.status}`)}</dd>
              </InvitationItem>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** One invitation: the address, when it was sent, then `children` (one more term and value). */
function InvitationItem({ invite, sent, children }: { invite: TeamInvitation; sent: string; children: ReactNode }) {
  const t = useTranslations('ClinicTeam.invitations');
  return (
    <li className={listStyles.item}>
      <p className={`${styles.name} ${text.breakable}`}>{invite.email}</p>
      <dl className={`${listStyles.meta} ${styles.meta}`}>
        <div>
          <dt>{t('sent')}</dt>
          <dd>
            <time dateTime={invite.created_at}>{sent}</time>
          </dd>
        </div>
        <div>{children}</div>
      </dl>
    </li>
  );
}
