import listStyles from '@/components/ui/list.module.css';
import styles from './appointments.module.css';

/** The shape of the section while the list loads (no blank wait); announced once as a status. */
export function AppointmentsSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className={styles.visuallyHidden}>{label}</span>
      <div aria-hidden="true">
        <div className={`${listStyles.card} ${styles.skeletonCard}`}>
          <span className={`${styles.skeleton} ${styles.skeletonTitle}`} />
          <span className={styles.skeleton} />
          <span className={`${styles.skeleton} ${styles.skeletonShort}`} />
          <span className={`${styles.skeleton} ${styles.skeletonShort}`} />
        </div>
        <div className={styles.stats}>
          {[0, 1, 2].map((key) => (
            <div key={key} className={`${styles.stat} ${styles.skeletonStat}`}>
              <span className={`${styles.skeleton} ${styles.skeletonShort}`} />
              <span className={`${styles.skeleton} ${styles.skeletonNumber}`} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
