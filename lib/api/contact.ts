import type { ContactMessage } from '@/lib/schemas/contactMessage';

/**
 * POST /api/contact; resolves with the server's thank-you text. Silent (no toasts): the contact
 * form shows the outcome, success or failure, in the page itself. The HTTP client loads on the
 * first call, so the contact page does not download it up front.
 */
export async function sendContactMessage(body: ContactMessage): Promise<string | null> {
  const { api } = await import('./client');
  const { data } = await api.post<{ messages?: Array<{ message?: unknown }> }>('/api/contact', body, { silent: true });
  const first = data.messages?.[0]?.message;
  return typeof first === 'string' ? first : null;
}
