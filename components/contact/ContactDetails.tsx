import { getTranslations } from 'next-intl/server';
import { ClinicContactList } from '@/components/layout/ClinicContactList';
import { clinic } from '@/lib/clinic';
import type { Locale } from '@/lib/i18n/routing';
import styles from './contact.module.css';

const socialNetworks = ['facebook', 'instagram', 'linkedin'] as const satisfies ReadonlyArray<keyof typeof clinic.social>;

/** Phone, fax, e-mail and social links, all from the one constants module (lib/clinic.ts). */
export async function ContactDetails({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Contact.details' });
  return (
    <section aria-labelledby="contact-details-heading" className={styles.panel}>
      <h2 id="contact-details-heading">{t('heading')}</h2>
      <ClinicContactList className={styles.details} labels={{ phone: t('phone'), fax: t('fax'), email: t('email') }} />
      <h3>{t('social')}</h3>
      <ul className={styles.plainList}>
        {socialNetworks.map((network) => (
          <li key={network}>
            <a href={clinic.social[network]} rel="me noopener">
              {t(network)}
            </a>
          </li>
        ))}
      </ul>
      <p className={styles.note}>{t('emergency')}</p>
    </section>
  );
}
