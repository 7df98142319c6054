import { getTranslations } from 'next-intl/server';
import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import type { Locale } from '@/lib/i18n/routing';

/**
 * What a page whose form runs in the browser says with scripts off (issue #38, item 2): without
 * this, the form posted back to its own page (middleware.ts answers such a post with a 303 to the
 * page) and came back empty, without a word. Shown only by a browser that runs no scripts.
 */
export async function ScriptsNeeded({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'NoScript' });
  return (
    <noscript>
      <p className="noscript-note" role="note">
        {t.rich('form', {
          phone: formatPhone(clinic.phone),
          tel: (chunks) => <a href={phoneHref(clinic.phone)}>{chunks}</a>,
        })}
      </p>
    </noscript>
  );
}
