'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { authApi, type AddressMetadata } from '@/lib/api/auth';

interface Loaded {
  key: string;
  data: AddressMetadata | null;
}

/** Provinces and countries in the interface language (kept an hour by lib/api/auth). */
export function useAddressMetadata() {
  const locale = useLocale();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${locale}:${attempt}`;

  useEffect(() => {
    let current = true;
    authApi.addressMetadata(locale).then(
      (data) => {
        if (current) setLoaded({ key, data });
      },
      () => {
        if (current) setLoaded({ key, data: null });
      },
    );
    return () => {
      current = false;
    };
  }, [locale, key]);

  const result = loaded?.key === key ? loaded : null;
  return {
    metadata: result?.data ?? null,
    loading: result === null,
    failed: result !== null && result.data === null,
    retry: () => setAttempt((n) => n + 1),
  };
}
