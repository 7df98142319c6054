'use client';

import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/ui/form/FormParts';
import text from '@/components/ui/text.module.css';
import { useUserStore } from '@/stores/StoresProvider';
import { EmployeeList } from './EmployeeList';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';
import { MailFailures } from './MailFailures';
import styles from './team.module.css';
import { useTeamRoster } from './useTeamRoster';

/**
 * The team page (inside RequireAuth): administrators invite colleagues, follow the invitations,
 * switch employee accounts off and on, and send again the e-mails the system gave up on. Others
 * get a short explanation (the API answers 403).
 */
export function TeamManager() {
  const t = useTranslations('ClinicTeam');
  const profile = useUserStore((s) => s.profile);
  const isAdmin = profile?.is_employee === true && profile.employee_data?.is_admin === true;
  const { roster, failed, reload } = useTeamRoster(isAdmin);

  if (!profile) {
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  if (!isAdmin) {
    return (
      <FormAlert tone="info">
        <p>{profile.is_employee ? t('adminsOnly') : t('staffOnly')}</p>
      </FormAlert>
    );
  }

  return (
    <div className={styles.page}>
      {roster?.unreachable_link_origin ? <SiteUrlWarning origin={roster.unreachable_link_origin} /> : null}
      <InviteForm onSent={reload} />
      {failed ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {roster ? (
        <>
          <InvitationList invitations={roster.invitations} />
          <EmployeeList employees={roster.employees} selfId={profile.id} onChanged={reload} />
        </>
      ) : failed ? null : (
        <p className={styles.muted} role="status">
          {t('loading')}
        </p>
      )}
      <MailFailures />
    </div>
  );
}

/**
 * Issue 27: while SITE_URL is not set on a server others reach, the e-mails' links name an
 * origin nobody who gets them can open (http://localhost:3000). Said first, until it is set.
 */
function SiteUrlWarning({ origin }: { origin: string }) {
  const t = useTranslations('ClinicTeam.siteUrl');
  return (
    <section aria-labelledby="team-site-url" className={`${styles.section} ${text.alert} ${styles.alert}`}>
      <h2 id="team-site-url">{t('heading')}</h2>
      <p className={text.breakable}>{t('body', { origin })}</p>
    </section>
  );
}
