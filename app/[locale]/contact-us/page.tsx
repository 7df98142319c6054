import { getTranslations } from 'next-intl/server';
import { ContactDetails } from '@/components/contact/ContactDetails';
import { ContactForm } from '@/components/contact/ContactForm';
import { ContactMessages } from '@/components/contact/ContactMessages';
import { OfficeList } from '@/components/contact/OfficeList';
import styles from '@/components/contact/contact.module.css';
import { introPage } from '@/components/layout/introPage';
import { ScriptsNeeded } from '@/components/layout/ScriptsNeeded';
import { JsonLd } from '@/components/seo/JsonLd';
import { clinicJsonLd } from '@/lib/seo/jsonLd';
import { listContactOffices } from '@/lib/server/contact/offices';

// Prerendered; the form is the page's one island (ContactForm).
const page = introPage('/contact-us', 'contact-us', async (locale) => {
  const offices = listContactOffices(locale);
  const t = await getTranslations({ locale, namespace: 'Contact.form' });
  return (
    <>
      <JsonLd data={clinicJsonLd(locale)} />
      <div className={styles.layout}>
        <section aria-labelledby="contact-form-heading">
          <h2 id="contact-form-heading">{t('heading')}</h2>
          <p>{t('lead')}</p>
          <p className={styles.note}>{t('privacyNote')}</p>
          <ScriptsNeeded locale={locale} />
          <ContactMessages locale={locale}>
            <ContactForm />
          </ContactMessages>
        </section>
        <div className={styles.aside}>
          <ContactDetails locale={locale} />
          <OfficeList locale={locale} offices={offices} />
        </div>
      </div>
    </>
  );
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
