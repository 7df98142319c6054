import type { Messages } from 'next-intl';

/** Added on the account pages only (sign-in, sign-up, verification, resets, profile). */
export const accountNamespaces = ['Forms', 'Auth', 'Profile', 'Appointments', 'Validation'] as const;

export function pickMessages<K extends keyof Messages>(
  messages: Messages,
  namespaces: readonly K[],
): Pick<Messages, K> {
  return Object.fromEntries(namespaces.map((ns) => [ns, messages[ns]])) as Pick<Messages, K>;
}
