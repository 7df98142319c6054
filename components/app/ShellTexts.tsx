'use client';

import type { Messages } from 'next-intl';
import { createContext, use, type ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';

/**
 * The texts of what every page may show without a page of its own: the error screen and the toasts.
 * The layout hands them over as plain strings (a few hundred bytes), so no page needs the i18n
 * runtime in the browser for them (issue 14).
 */
export interface ShellTexts {
  locale: Locale;
  errorScreen: Messages['ErrorScreen'];
  toasts: Messages['Toasts'];
}

const ShellTextsContext = createContext<ShellTexts | null>(null);

export function ShellTextsProvider({ texts, children }: { texts: ShellTexts; children: ReactNode }) {
  return <ShellTextsContext value={texts}>{children}</ShellTextsContext>;
}

export function useShellTexts(): ShellTexts {
  const texts = use(ShellTextsContext);
  if (!texts) throw new Error('useShellTexts must be used inside <ShellTextsProvider>');
  return texts;
}

/** Fills `{name}` placeholders of a message written as plain text (no plural or select forms). */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
