import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { inter } from '@/components/layout/fonts/inter';
import styles from '@/components/error/ErrorScreen.module.css';

export async function generateMetadata(): Promise<Metadata> {
  const [en, fr] = await Promise.all([
    getTranslations({ locale: 'en', namespace: 'ErrorScreen' }),
    getTranslations({ locale: 'fr', namespace: 'ErrorScreen' }),
  ]);
  return { title: `${en('notFoundDocumentTitle')} · ${fr('notFoundDocumentTitle')}`, robots: { index: false } };
}

/**
 * Addresses the middleware does not see (files such as /missing.txt) end here. A plain page in
 * both languages, without the site's header and footer: Next puts this boundary's tree in the
 * payload of every page, so it is kept to a few lines (issue 14). Static: a dynamic not-found
 * sends an empty body in Next 16.4.
 */
export default async function RootNotFound() {
  const [en, fr] = await Promise.all([
    getTranslations({ locale: 'en', namespace: 'ErrorScreen' }),
    getTranslations({ locale: 'fr', namespace: 'ErrorScreen' }),
  ]);
  return (
    <html lang="en" className={inter.variable}>
      <body>
        <main id="main" className={`container ${styles.screen}`}>
          <p className={styles.status}>{en('status', { status: 404 })}</p>
          <h1>{en('notFoundTitle')}</h1>
          <p className={styles.message}>{en('notFoundMessage')}</p>
          <p lang="fr" className={styles.message}>
            {fr('notFoundTitle')}. {fr('notFoundMessage')}
          </p>
          {/* Plain links, a full load of the home page: this tree travels in every page's payload,
              and next/link here added a second copy of Link's code (3.3 kB gzip) to every page. */}
          <p className="button-row">
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, see above. */}
            <a className="button button--primary" href="/">
              {en('goHome')}
            </a>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, see above. */}
            <a className="button button--secondary" href="/fr" lang="fr">
              {fr('goHome')}
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}
