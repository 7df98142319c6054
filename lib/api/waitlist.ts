import type { WaitlistView } from '@/lib/schemas/waitlist';

/**
 * The waitlist page's calls (issue #16). Silent, like the manage page's: the page says what went
 * wrong in place. The token goes in the body, never in the address.
 */
async function post(path: string, token: string): Promise<WaitlistView> {
  const { api } = await import('./client');
  return (await api.post<WaitlistView>(path, { token }, { silent: true })).data;
}

export const waitlistApi = {
  view: (token: string) => post('/api/booking/waitlist', token),
  claim: (token: string) => post('/api/booking/waitlist/claim', token),
  leave: (token: string) => post('/api/booking/waitlist/leave', token),
};
