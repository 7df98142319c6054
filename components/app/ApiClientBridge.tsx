'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { configureApiClient } from '@/lib/api/settings';
import { showToast } from '../feedback/Toasts';

/** Keeps the HTTP client's language, texts and toast sink in step with the interface (without loading axios). */
export function ApiClientBridge() {
  const locale = useLocale();
  const t = useTranslations('Api');
  useEffect(() => {
    configureApiClient({
      language: locale,
      texts: { networkError: t('networkError'), requestError: t('requestError') },
      // react-toastify loads only when a first toast is shown.
      notify: showToast,
    });
  }, [locale, t]);
  return null;
}
