/**
 * What the HTTP client needs from the interface: its language, its texts and where toasts go.
 * Kept apart from the client so the app can configure it without loading axios on pages that
 * never call the API.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface ApiTexts {
  networkError: string;
  requestError: string;
}
export type Notify = (kind: ToastKind, message: string) => void;

export const apiSettings: { language: string; texts: ApiTexts; notify: Notify } = {
  language: 'en',
  texts: {
    networkError: 'Network error. Please check your connection.',
    requestError: 'Request error. Please try again.',
  },
  notify: () => {},
};

export function configureApiClient(next: Partial<typeof apiSettings>): void {
  Object.assign(apiSettings, next);
}

const expiryListeners = new Set<() => void>();

/** The booking store subscribes here to reset itself when a booking token expires. */
export function onBookingTokenExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => {
    expiryListeners.delete(listener);
  };
}

export function announceBookingTokenExpired(): void {
  for (const listener of [...expiryListeners]) listener();
}
