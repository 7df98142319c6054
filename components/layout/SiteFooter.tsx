import { getTranslations } from 'next-intl/server';
import { clinic } from '@/lib/clinic';
import { ClinicContactList } from './ClinicContactList';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import styles from './SiteFooter.module.css';

export async function SiteFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Footer' });
  const nav = await getTranslations({ locale, namespace: 'Nav' });

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {clinic.name}
          </h2>
          <p>{t('tagline')}</p>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            {t('contactHeading')}
          </h2>
          <ClinicContactList className={styles.contact} labels={{ phone: t('phone'), fax: t('fax'), email: t('email') }} />
        </section>

        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className={styles.heading}>
            {t('exploreHeading')}
          </h2>
          <ul className={styles.links}>
            <li><Link href="/about-us/our-team">{nav('team')}</Link></li>
            <li><Link href="/quick-bites">{nav('quickBites')}</Link></li>
            <li><Link href="/patient-form">{nav('patientForm')}</Link></li>
            <li><Link href="/book-online">{nav('bookOnline')}</Link></li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={styles.heading}>
            {t('legalHeading')}
          </h2>
          <ul className={styles.links}>
            <li><Link href="/privacy-policy">{t('privacy')}</Link></li>
            <li><Link href="/terms-and-conditions">{t('terms')}</Link></li>
          </ul>
          <h2 className={styles.heading}>{t('followUs')}</h2>
          <ul className={styles.social}>
            <li><a href={clinic.social.facebook} rel="noopener">Facebook</a></li>
            <li><a href={clinic.social.instagram} rel="noopener">Instagram</a></li>
            <li><a href={clinic.social.linkedin} rel="noopener">LinkedIn</a></li>
          </ul>
        </nav>
      </div>
      <p className={`container ${styles.rights}`}>{t('rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
