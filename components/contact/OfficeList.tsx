import { getTranslations } from 'next-intl/server';
import { officeAddressLines } from '@/lib/format/office';
import type { Locale } from '@/lib/i18n/routing';
import type { ContactOffice } from '@/lib/schemas/offices';
import styles from './contact.module.css';

/** The clinic's offices with their addresses and a map link; the virtual office says where it serves. */
export async function OfficeList({ locale, offices }: { locale: Locale; offices: readonly ContactOffice[] }) {
  const t = await getTranslations({ locale, namespace: 'Contact.offices' });
  return (
    <section aria-labelledby="contact-offices-heading" className={styles.panel}>
      <h2 id="contact-offices-heading">{t('heading')}</h2>
      <ul className={styles.offices}>
        {offices.map((office) => (
          <li key={office.slug}>
            <h3>{office.name}</h3>
            {office.address ? (
              <address>
                {officeAddressLines(office.address, locale, { postalCode: 'dash' }).map((line, index) => (
                  <span key={index}>
                    {index > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p>{office.isVirtual ? t('virtual') : t('noAddress')}</p>
            )}
            {office.googleMapsLink ? (
              <p>
                <a href={office.googleMapsLink}>{t('map', { office: office.name })}</a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
