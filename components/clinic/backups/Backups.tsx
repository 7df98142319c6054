'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Facts } from '@/components/ui/Facts';
import { FormAlert } from '@/components/ui/form/FormParts';
import tableStyles from '@/components/ui/table.module.css';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { getBackups } from '@/lib/api/clinicBackups';
import { dateLanguage, formatDateTime, formatTime } from '@/lib/format/dates';
import type { BackupsOverview, BackupView } from '@/lib/schemas/backups';
import { useUserStore } from '@/stores/StoresProvider';
import styles from './backups.module.css';

/**
 * The administrators' backups page (inside RequireAuth, issue #39): what is wrong first (backups
 * off, no pg_dump, the backups on the data's own disk), the settings, the last backups with their
 * state, then how to restore. Others get a short explanation (the API answers 403).
 */
export function Backups() {
  const t = useTranslations('Backups');
  const profile = useUserStore((s) => s.profile);
  if (!profile) {
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  const isAdmin = profile.is_employee && profile.employee_data?.is_admin === true;
  if (!isAdmin) {
    return (
      <FormAlert tone="info">
        <p>{profile.is_employee ? t('adminsOnly') : t('staffOnly')}</p>
      </FormAlert>
    );
  }
  return <BackupsDesk />;
}

function BackupsDesk() {
  const t = useTranslations('Backups');
  const locale = useLocale();
  const [overview, setOverview] = useState<BackupsOverview | null>(null);
  const [problem, setProblem] = useState<'adminsOnly' | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getBackups(controller.signal).then(
      (next) => {
        setOverview(next);
        setProblem(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setProblem(readApiFailure(failure).status === 403 ? 'adminsOnly' : 'failed');
      },
    );
    return () => controller.abort();
  }, [locale, attempt]);

  if (problem === 'adminsOnly') {
    return (
      <FormAlert tone="info">
        <p>{t('adminsOnly')}</p>
      </FormAlert>
    );
  }
  if (problem === 'failed') {
    return (
      <div role="alert" className={styles.failure}>
        <p>{t('failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!overview) {
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  return <BackupsView overview={overview} />;
}

function BackupsView({ overview }: { overview: BackupsOverview }) {
  const t = useTranslations('Backups');
  const language = dateLanguage(useLocale());
  const { settings } = overview;
  const verifyHour = new Date(Date.UTC(2000, 0, 1, settings.verify_hour));
  return (
    <div className={styles.page}>
      {!settings.passphrase_set ? (
        <FormAlert>
          <p>{t('off')}</p>
        </FormAlert>
      ) : null}
      {settings.pg_dump_missing ? (
        <FormAlert>
          <p>{t('pgDumpMissing')}</p>
        </FormAlert>
      ) : null}
      {settings.passphrase_set && settings.same_disk ? (
        <FormAlert tone="info">
          <p>{t('sameDisk')}</p>
        </FormAlert>
      ) : null}
      <section aria-labelledby="backups-settings">
        <h2 id="backups-settings">{t('settingsTitle')}</h2>
        <Facts
          rows={[
            [t('where'), settings.directory],
            [t('every'), t('everyValue', { hours: settings.interval_hours })],
            [t('kept'), t('keptValue', settings.keep)],
            [t('verifiedAt'), t('verifiedAtValue', { hour: formatTime(verifyHour, language, { timeZone: 'UTC' }) })],
            [t('lastVerified'), overview.last_verified_at ? formatDateTime(overview.last_verified_at, language, 'long') : t('noneVerified')],
          ]}
        />
      </section>
      <section aria-labelledby="backups-list">
        <h2 id="backups-list">{t('listTitle')}</h2>
        {overview.backups.length === 0 ? (
          <p className={styles.muted}>{t('empty')}</p>
        ) : (
          <div className={tableStyles.tableScroll} role="region" aria-labelledby="backups-caption" tabIndex={0}>
            <table className={tableStyles.table}>
              <caption id="backups-caption" className={tableStyles.caption}>
                {t('caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('colMade')}</th>
                  <th scope="col">{t('colSize')}</th>
                  <th scope="col">{t('colState')}</th>
                  <th scope="col">{t('colFile')}</th>
                </tr>
              </thead>
              <tbody>
                {overview.backups.map((backup) => (
                  <tr key={backup.id}>
                    <th scope="row">{formatDateTime(backup.started_at, language, 'medium')}</th>
                    <td>{backup.byte_size === null ? '—' : t('sizeValue', { megabytes: backup.byte_size / 1024 / 1024 })}</td>
                    <td>
                      <BackupState backup={backup} />
                    </td>
                    <td className={text.breakable}>{backup.file_name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="backups-restore">
        <h2 id="backups-restore">{t('restoreTitle')}</h2>
        <p>
          {t.rich('restoreText', {
            restore: `npm run backup:restore -- ${t('fileWord')}`,
            verify: `npm run backup:verify -- ${t('fileWord')}`,
            code: (chunks) => <code>{chunks}</code>,
          })}
        </p>
      </section>
    </div>
  );
}

function BackupState({ backup }: { backup: BackupView }) {
  const t = useTranslations('Backups');
  const language = dateLanguage(useLocale());
  const reason = backup.error ? t(`errors.${backup.error}`) : '';
  const state =
    backup.status === 'verified' && backup.verified_at
      ? t('state.verified', { date: formatDateTime(backup.verified_at, language, 'medium') })
      : backup.status === 'failed' || backup.status === 'verify_failed'
        ? t(`state.${backup.status}`, { reason })
        : t(`state.${backup.status === 'verified' ? 'made' : backup.status}`);
  const bad = backup.status === 'failed' || backup.status === 'verify_failed';
  return (
    <>
      <span className={bad ? styles.bad : undefined}>{state}</span>
      {!backup.present && backup.status !== 'failed' ? <span className={styles.sub}>{t('missing')}</span> : null}
    </>
  );
}
