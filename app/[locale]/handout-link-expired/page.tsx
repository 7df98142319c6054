import { getTranslations } from 'next-intl/server';
import { introPage } from '@/components/layout/introPage';
import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';

// Where a handout link past HANDOUT_LINK_DAYS leads (app/api/handouts/[token], issue #38), in its
// seat's language. Static: it names no one and no file.
const page = introPage('/handout-link-expired', 'handout-link-expired', async (locale) => {
  const t = await getTranslations({ locale, namespace: 'Pages' });
  return (
    <p>
      {t.rich('handout-link-expired.next', {
        phone: formatPhone(clinic.phone),
        email: clinic.email,
        tel: (chunks) => <a href={phoneHref(clinic.phone)}>{chunks}</a>,
        mail: (chunks) => <a href={`mailto:${clinic.email}`}>{chunks}</a>,
      })}
    </p>
  );
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
