import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';
import { GroupSessionsList } from './GroupSessionsList';

/** The group-programs page's "Next sessions" section: its heading prerendered, the list from the browser. */
export async function GroupProgramsSessions({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'GroupPrograms' });
  const messages = await getMessages({ locale });
  return (
    <section aria-labelledby="group-sessions-title">
      <h2 id="group-sessions-title">{t('title')}</h2>
      <p>{t('lead')}</p>
      <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(messages, ['GroupPrograms'])}>
        <GroupSessionsList />
      </NextIntlClientProvider>
    </section>
  );
}
