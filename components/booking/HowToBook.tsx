import { getTranslations } from 'next-intl/server';
import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import type { Locale } from '@/lib/i18n/routing';
import styles from './booking.module.css';

const STEPS = ['language', 'service', 'details', 'reasons', 'location', 'time', 'confirm'] as const;

/** SPEC §2: the booking page's how-to-book section (server-rendered, no script). */
export async function HowToBook({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Booking.howTo' });
  return (
    <section className={styles.howTo} aria-labelledby="how-to-book">
      <h2 id="how-to-book">{t('title')}</h2>
      <ol className={styles.howToList}>
        {STEPS.map((step) => (
          <li key={step}>{t(`steps.${step}`)}</li>
        ))}
      </ol>
      <p className={styles.howToNote}>
        {t.rich('note', {
          phone: formatPhone(clinic.phone),
          tel: (chunks) => <a href={phoneHref(clinic.phone)}>{chunks}</a>,
        })}
      </p>
    </section>
  );
}
