'use client';

import { useEffect } from 'react';
import { configureApiClient, type ApiTexts } from '@/lib/api/settings';
import { useCurrentLocale } from '@/lib/i18n/navigation';
import { showToast } from '../feedback/Toasts';

/**
 * Keeps the HTTP client's language, texts and toast sink in step with the interface (without
 * loading axios). The texts come from the server, already in the page's language.
 */
export function ApiClientBridge({ texts }: { texts: ApiTexts }) {
  const locale = useCurrentLocale();
  const { networkError, requestError } = texts;
  useEffect(() => {
    configureApiClient({
      language: locale,
      texts: { networkError, requestError },
      // react-toastify loads only when a first toast is shown.
      notify: showToast,
    });
  }, [locale, networkError, requestError]);
  return null;
}
