import { getTranslations } from 'next-intl/server';
import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import type { Locale } from '@/lib/i18n/routing';
import styles from './contact.module.css';

const socialNetworks = ['facebook', 'instagram', 'linkedin'] as const satisfies ReadonlyArray<keyof typeof clinic.social>;

/** Phone, fax, e-mail and social links, all from the one constants module (lib/clinic.ts). */
export async function ContactDetails({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Contact.details' });
  return (
    <section aria-labelledby="contact-details-heading" className={styles.panel}>
      <h2 id="contact-details-heading">{t('heading')}</h2>
      <dl className={styles.details}>
        <dt>{t('phone')}</dt>
        <dd>
          <a href={phoneHref(clinic.phone)}>{formatPhone(clinic.phone)}</a>
        </dd>
        <dt>{t('fax')}</dt>
        <dd>{formatPhone(clinic.fax)}</dd>
        <dt>{t('email')}</dt>
        <dd>
          <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
        </dd>
      </dl>
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
