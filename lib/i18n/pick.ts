import type { Messages } from 'next-intl';

/** The namespaces client components read: only these are sent to the browser. */
export const clientNamespaces = ['ErrorScreen', 'Api', 'Toasts', 'LanguageSwitcher', 'Nav', 'AccountMenu'] as const;

/** Added on the account pages only (sign-in, sign-up, verification, resets, profile). */
export const accountNamespaces = ['Forms', 'Auth', 'Profile', 'Appointments', 'Validation'] as const;

export function pickMessages<K extends keyof Messages>(
  messages: Messages,
  namespaces: readonly K[],
): Pick<Messages, K> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]])) as Pick<Messages, K>;
}
