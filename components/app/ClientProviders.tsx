'use client';

import '@/lib/zodInBrowser';
import type { ReactNode } from 'react';
import type { ApiTexts } from '@/lib/api/settings';
import { StoresProvider } from '@/stores/StoresProvider';
import { ApiClientBridge } from './ApiClientBridge';
import { BuildWatcher } from './BuildWatcher';
import { PageViews } from './PageViews';
import { ShellTextsProvider, type ShellTexts } from './ShellTexts';
import { Toasts } from '../feedback/Toasts';

interface Props {
  /** The error screen's and the toasts' texts, in the page's language. */
  shellTexts: ShellTexts;
  /** The HTTP client's own failure texts, in the page's language. */
  apiTexts: ApiTexts;
  children: ReactNode;
}

/**
 * Everything browser-side that the whole app shares. No i18n runtime here: pages whose client
 * components format messages wrap them in their own NextIntlClientProvider (the *Messages
 * components), and the rest take plain strings from the server.
 */
export function ClientProviders({ shellTexts, apiTexts, children }: Props) {
  return (
    <ShellTextsProvider texts={shellTexts}>
      <ApiClientBridge texts={apiTexts} />
      <BuildWatcher />
      <PageViews />
      {/* Per-visitor stores; the session check starts here without holding up the page. */}
      <StoresProvider>{children}</StoresProvider>
      <Toasts />
    </ShellTextsProvider>
  );
}
