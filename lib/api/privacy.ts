/**
 * A person's own data (issue #30). The signed-in export is a plain GET the browser downloads
 * (streamed to disk); a guest's goes through POST with the e-mailed link's token in the body,
 * never in the address. Failures are shown in place by the forms, not toasted.
 */

/** Where the signed-in person downloads everything the clinic holds about them, summary in `language`. */
export const myDataUrl = (language: 'en' | 'fr') => `/api/account/data-export?lang=${language}`;

/** Where an employee downloads a patient's or a guest's export. */
export const clinicDataUrl = (person: { patientId: number } | { email: string }) =>
  'patientId' in person ? `/api/clinic/data-export?patient_id=${person.patientId}` : `/api/clinic/data-export?email=${encodeURIComponent(person.email)}`;

export interface ClosedAccount {
  cancelled_visits: number;
  ended_waitlist_places: number;
  /** YYYY-MM-DD, or null when nothing is kept. */
  kept_until: string | null;
}

const INLINE = { inlineFailures: true } as const;

export const privacyApi = {
  async closeAccount(password: string): Promise<ClosedAccount> {
    const { api } = await import('./client');
    return (await api.post<ClosedAccount>('/api/account/close', { password }, INLINE)).data;
  },
  async requestData(email: string): Promise<void> {
    const { api } = await import('./client');
    await api.post('/api/privacy/data-request', { email }, INLINE);
  },
  /** The ZIP of a guest's e-mailed link, with its file name. */
  async downloadByLink(token: string): Promise<{ blob: Blob; fileName: string }> {
    const { api } = await import('./client');
    const response = await api.post<Blob>('/api/privacy/data-export', { token }, { ...INLINE, responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'my-data.zip';
    return { blob: response.data, fileName };
  },
};
