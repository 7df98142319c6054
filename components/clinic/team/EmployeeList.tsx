'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { TeamEmployee } from '@/lib/api/clinicTeam';
import { EmployeeCard } from './EmployeeCard';
import styles from './team.module.css';

/** Every employee account, active ones first; one status line announces each change. */
export function EmployeeList({ employees, selfId, onChanged }: { employees: TeamEmployee[]; selfId: number; onChanged: () => void }) {
  const t = useTranslations('ClinicTeam.employees');
  const [notice, setNotice] = useState('');

  return (
    <section aria-labelledby="team-employees" className={styles.section}>
      <h2 id="team-employees">{t('heading')}</h2>
      <div role="status" className={notice ? styles.sent : undefined}>
        {notice ? <p>{notice}</p> : null}
      </div>
      {employees.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {employees.map((employee) => (
            <EmployeeCard
              key={employee.id}
              employee={employee}
              isSelf={employee.id === selfId}
              onStarting={() => setNotice('')}
              onChanged={(message) => {
                setNotice(message);
                onChanged();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
