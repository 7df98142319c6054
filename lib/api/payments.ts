/**
 * Payments and receipts (issue #20). Silent calls: the panels say what went wrong in place. A
 * receipt's PDF is a plain GET for signed-in people (a link the browser downloads); a guest's
 * goes through POST with the manage link's token in the body, never in the address.
 */

import type { PaymentInput, PatientReceipt, PatientReceiptYears, ReceiptVoidInput, VisitPayments } from '@/lib/schemas/payments';

export type {
  PatientReceipt,
  PatientReceiptYears,
  PaymentInput,
  PaymentItem,
  ReceiptSummary,
  ReceiptVoidInput,
  VisitPayments,
} from '@/lib/schemas/payments';
export type { PaymentMethod } from '@/lib/payments';
export { PAYMENT_METHODS } from '@/lib/payments';

const lang = (language?: 'en' | 'fr') => (language ? `?lang=${language}` : '');

/** Where an employee downloads (reprints) a receipt. */
export const clinicReceiptUrl = (id: string, language?: 'en' | 'fr') => `/api/clinic/receipts/${encodeURIComponent(id)}/pdf${lang(language)}`;
/** Where a patient downloads their own receipt. */
export const patientReceiptUrl = (id: string, language?: 'en' | 'fr') => `/api/receipts/${encodeURIComponent(id)}/pdf${lang(language)}`;
/** A year's receipts as one PDF, each in its own language unless one is asked for. */
export const patientYearUrl = (year: number, language?: 'en' | 'fr') => `/api/receipts/year/${year}/pdf${lang(language)}`;
/** The accountant's CSV of the payments dated from..to (YYYY-MM-DD, both included). */
export const paymentsExportUrl = (from: string, to: string) =>
  `/api/clinic/payments/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export async function getVisitPayments(appointmentId: number, signal?: AbortSignal): Promise<VisitPayments> {
  const { api } = await import('./client');
  const { data } = await api.get<{ payments: VisitPayments }>(`/api/clinic/appointments/${appointmentId}/payments`, { signal, silent: true });
  return data.payments;
}

export async function recordPayment(appointmentId: number, input: PaymentInput): Promise<VisitPayments> {
  const { api } = await import('./client');
  const { data } = await api.post<{ payments: VisitPayments }>(`/api/clinic/appointments/${appointmentId}/payments`, input, { silent: true });
  return data.payments;
}

/** Voids a receipt and issues its replacement; answers the visit's payments as they now stand. */
export async function voidReceipt(receiptId: string, input: ReceiptVoidInput): Promise<VisitPayments> {
  const { api } = await import('./client');
  const { data } = await api.post<{ payments: VisitPayments }>(`/api/clinic/receipts/${encodeURIComponent(receiptId)}/void`, input, { silent: true });
  return data.payments;
}

export async function getMyReceipts(signal?: AbortSignal): Promise<PatientReceiptYears> {
  const { api } = await import('./client');
  const { data } = await api.get<PatientReceiptYears>('/api/receipts', { signal, silent: true });
  return data;
}

/** The receipts of the visit a manage link opens. */
export async function manageReceipts(token: string): Promise<PatientReceipt[]> {
  const { api } = await import('./client');
  const { data } = await api.post<{ receipts: PatientReceipt[] }>('/api/booking/manage/receipts', { token }, { silent: true });
  return data.receipts;
}

/** One of those receipts as a PDF file (the caller offers it for download). */
export async function manageReceiptPdf(token: string, id: string, language?: 'en' | 'fr'): Promise<Blob> {
  const { api } = await import('./client');
  const { data } = await api.post<Blob>('/api/booking/manage/receipts/pdf', { token, id, lang: language }, { silent: true, responseType: 'blob' });
  return data;
}
