/**
 * The payment facts both the server's schemas (lib/schemas/payments.ts) and the browser's forms
 * need, without zod: a page that only lists receipts must not carry the validation library.
 */

export const PAYMENT_METHODS = ['card', 'cash', 'e_transfer', 'direct_billing'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One payment or refund at most: a visit costs a few hundred dollars. */
export const MAX_PAYMENT_CENTS = 1_000_000;
/** A refund's or a void's reason. */
export const MAX_REASON_LENGTH = 300;
/** The export covers at most a year and a day (a fiscal year, whatever its first day). */
export const MAX_EXPORT_DAYS = 366;
