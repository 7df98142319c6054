'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { configureApiClient } from '@/lib/api/client';

/** Keeps the HTTP client's language, texts and toast sink in step with the interface. */
export function ApiClientBridge() {
  const locale = useLocale();
  const t = useTranslations('Api');
  useEffect(() => {
    configureApiClient({
      language: locale,
      texts: { networkError: t('networkError'), requestError: t('requestError') },
      notify: (kind, message) => toast(message, { type: kind }),
    });
  }, [locale, t]);
  return null;
}
