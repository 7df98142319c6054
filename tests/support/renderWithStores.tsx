import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { StrictMode, type ReactNode } from 'react';
import type { AuthApi, User } from '@/lib/api/auth';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { createAppStores, StoresProvider, type AppStores } from '@/stores/StoresProvider';

export const messages = { en, fr } as const;
export type Locale = keyof typeof messages;

/** The app's stores, with an auth API whose session check says "valid" and whose user is `user`. */
export function storesFor(user: User): AppStores {
  const auth = { validateToken: async () => true, me: async () => user } as unknown as AuthApi;
  return createAppStores(auth);
}

interface Options {
  locale?: Locale;
  /** The provider's zone: UTC by default, so times are right only if the components use the clinic's. */
  timeZone?: string;
  /** Strict Mode (on by default) runs effects twice, as in development. */
  strict?: boolean;
}

/** Renders `ui` inside the providers the app's pages give it: messages and the stores. */
export function renderWithStores(ui: ReactNode, stores: AppStores, { locale = 'en', timeZone = 'UTC', strict = true }: Options = {}) {
  const tree = (
    <NextIntlClientProvider locale={locale} messages={messages[locale]} timeZone={timeZone}>
      <StoresProvider stores={stores}>{ui}</StoresProvider>
    </NextIntlClientProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}
