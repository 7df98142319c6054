import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientProviders } from '@/components/app/ClientProviders';
import type { Locale } from '@/lib/i18n/routing';
import { inter } from './fonts/inter';
import { SiteFooter } from './SiteFooter';
import { SiteFrame } from './SiteFrame';
import { SiteHeader } from './SiteHeader';

/** The whole document around a page: <html lang>, providers, header, main and footer. */
export async function SiteDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = await getMessages({ locale });
  // Plain strings for the browser's app-wide parts: no i18n runtime loads with every page.
  const shellTexts = { locale, errorScreen: messages.ErrorScreen, toasts: messages.Toasts };
  return (
    <html lang={locale} className={inter.variable}>
      <body>
        <ClientProviders shellTexts={shellTexts} apiTexts={messages.Api}>
          <SiteFrame>
            <SiteHeader locale={locale} />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter locale={locale} />
          </SiteFrame>
        </ClientProviders>
      </body>
    </html>
  );
}
