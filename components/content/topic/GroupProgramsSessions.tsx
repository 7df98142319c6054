import { getMessages, getTranslations } from 'next-intl/server';
import { pickMessages } from '@/lib/i18n/pick';
import type { Locale } from '@/lib/i18n/routing';
import { GroupSessionsLoader } from './GroupSessionsLoader';

/**
 * The group-programs page's "Next sessions" section: its heading prerendered, the list from the
 * browser (a chunk of its own, loaded on this page only: the other service pages share the route).
 */
export async function GroupProgramsSessions({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'GroupPrograms' });
  const messages = pickMessages(await getMessages({ locale }), ['GroupPrograms']);
  return (
    <section aria-labelledby="group-sessions-title">
      <h2 id="group-sessions-title">{t('title')}</h2>
      <p>{t('lead')}</p>
      <GroupSessionsLoader locale={locale} messages={messages} />
    </section>
  );
}
