'use client';

import '@/lib/zodInBrowser';
import { NextIntlClientProvider, type Messages } from 'next-intl';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { StoresProvider } from '@/stores/StoresProvider';
import { ApiClientBridge } from './ApiClientBridge';
import { BuildWatcher } from './BuildWatcher';
import { PageViews } from './PageViews';
import { Toasts } from '../feedback/Toasts';

interface Props {
  locale: Locale;
  messages: Partial<Messages>;
  children: ReactNode;
}

/** Everything browser-side that the whole app shares, under one provider. */
export function ClientProviders({ locale, messages, children }: Props) {
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="America/Toronto">
      <ApiClientBridge />
      <BuildWatcher />
      <PageViews />
      {/* Per-visitor stores; the session check starts here without holding up the page. */}
      <StoresProvider>{children}</StoresProvider>
      <Toasts />
    </NextIntlClientProvider>
  );
}
