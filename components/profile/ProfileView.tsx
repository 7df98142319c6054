'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { SignOutButton } from '@/components/auth/SignOutButton';
import { FormAlert } from '@/components/ui/form/FormParts';
import { dateLanguage, formatDate } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import { useAuthStore, useUserStore } from '@/stores/StoresProvider';
import { selectFullName } from '@/stores/user';
import { Appointments } from './appointments/Appointments';
import { CalendarFeed } from './CalendarFeed';
import { ClinicTools } from './ClinicTools';
import { Avatar } from './Avatar';
import { IntakeFormsLinks } from './IntakeFormsLinks';
import { MyData } from './MyData';
import { SharedNotes } from './SharedNotes';
import styles from './profile.module.css';
import { Receipts } from './receipts/Receipts';
import { useRoleDescription } from './useRoleDescription';

/** The signed-in user's account (inside RequireAuth). */
export function ProfileView() {
  const t = useTranslations('Profile');
  const locale = useLocale();
  const profile = useUserStore((s) => s.profile);
  const fullName = useUserStore(selectFullName);
  const role = useRoleDescription();
  const needsRefresh = useAuthStore((s) => s.needsRefresh);
  const refreshProfile = useAuthStore((s) => s.refreshProfile);
  const [retrying, setRetrying] = useState(false);

  if (!profile) {
    if (!needsRefresh || retrying) {
      return (
        <p className={styles.status} role="status">
          {t('loading')}
        </p>
      );
    }
    return (
      <FormAlert>
        <p>{t('loadFailed')}</p>
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            onClick={async () => {
              setRetrying(true);
              await refreshProfile();
              setRetrying(false);
            }}
          >
            {t('retry')}
          </button>
        </div>
      </FormAlert>
    );
  }

  const phone = profile.user_profile.phone_number;
  const language = profile.user_profile.preferred_language?.code;
  const created = new Date(profile.created_date);
  const title = profile.employee_data?.title;
  const dietitian = profile.patient_data?.preferred_dietitian_name;

  return (
    <div className={styles.profile}>
      <div className={styles.identity}>
        <Avatar
          url={profile.user_profile.profile_picture_url}
          firstName={profile.first_name}
          lastName={profile.last_name}
          locale={locale}
        />
        <div>
          <p className={styles.name}>{fullName}</p>
          <p className={styles.role}>{role}</p>
        </div>
      </div>

      <section className={styles.section} aria-labelledby="profile-details">
        <h2 id="profile-details">{t('detailsHeading')}</h2>
        <dl className={styles.details}>
          <div>
            <dt>{t('name')}</dt>
            <dd>{fullName}</dd>
          </div>
          <div>
            <dt>{t('email')}</dt>
            <dd className={styles.breakable}>{profile.email}</dd>
          </div>
          <div>
            <dt>{t('phone')}</dt>
            <dd>{phone ? formatPhone(phone) : t('notProvided')}</dd>
          </div>
          <div>
            <dt>{t('language')}</dt>
            <dd>{language === 'en' || language === 'fr' ? t(`languages.${language}`) : t('notProvided')}</dd>
          </div>
          <div>
            <dt>{t('role')}</dt>
            <dd>{role}</dd>
          </div>
          {title ? (
            <div>
              <dt>{t('jobTitle')}</dt>
              <dd>{title}</dd>
            </div>
          ) : null}
          {dietitian ? (
            <div>
              <dt>{t('preferredDietitian')}</dt>
              <dd>{dietitian}</dd>
            </div>
          ) : null}
          {Number.isNaN(created.getTime()) ? null : (
            <div>
              <dt>{t('memberSince')}</dt>
              <dd>{formatDate(created, dateLanguage(locale), 'long')}</dd>
            </div>
          )}
        </dl>
      </section>

      {profile.is_employee ? <ClinicTools className={styles.section} admin={profile.employee_data?.is_admin === true} /> : null}

      {profile.is_employee ? <CalendarFeed className={styles.section} /> : null}

      <Appointments className={styles.section} viewer={profile.is_employee ? 'employee' : 'patient'} />

      {profile.is_employee ? null : <Receipts className={styles.section} />}

      {profile.is_patient ? <SharedNotes className={styles.section} /> : null}

      <IntakeFormsLinks className={styles.section} employee={profile.is_employee} />

      <MyData className={styles.section} patient={profile.is_patient && !profile.is_employee} />

      <section className={styles.section} aria-labelledby="profile-security">
        <h2 id="profile-security">{t('securityHeading')}</h2>
        <div className="button-row">
          <Link className="button button--secondary" href="/change-password">
            {t('changePassword')}
          </Link>
          <SignOutButton className="button button--secondary" label={t('signOut')} pendingLabel={t('signingOut')} />
        </div>
      </section>
    </div>
  );
}
