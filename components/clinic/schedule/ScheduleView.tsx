'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import text from '@/components/ui/text.module.css';
import { getSchedule, type Schedule } from '@/lib/api/clinicSchedule';
import { useUserStore } from '@/stores/StoresProvider';
import styles from './schedule.module.css';
import { TimeOffSection } from './TimeOffSection';
import { WeeklyScheduleForm } from './WeeklyScheduleForm';

/** The signed-in employee's own weekly hours and time off; a patient is told the page is for staff. */
export function ScheduleView() {
  const t = useTranslations('ClinicSchedule');
  const profile = useUserStore((s) => s.profile);
  const isEmployee = profile?.is_employee === true;
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isEmployee) return;
    const controller = new AbortController();
    getSchedule(controller.signal).then(setSchedule, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [isEmployee, attempt]);

  if (profile && !isEmployee) return <p className={styles.notice}>{t('staffOnly')}</p>;
  if (failed) {
    return (
      <div className={`${text.alert} ${styles.alert}`} role="alert">
        <p>{t('loadFailed')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!schedule) {
    return (
      <p className={styles.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className={styles.page}>
      <WeeklyScheduleForm schedule={schedule} onSaved={setSchedule} />
      <TimeOffSection entries={schedule.time_off} onChange={(time_off) => setSchedule({ ...schedule, time_off })} />
    </div>
  );
}
