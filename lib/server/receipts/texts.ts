import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatDate, formatDateTime, formatLocalDate } from '@/lib/format/dates';
import { officeAddressLines, type AddressParts } from '@/lib/format/office';
import type { PaymentMethod } from '@/lib/schemas/payments';

export type ReceiptLanguage = 'en' | 'fr';

const LOCALE = { en: 'en-CA', fr: 'fr-CA' } as const;

/** The words of a receipt (the PDF, the e-mail, the CSV's method names) in one language. */
export function receiptTexts(language: ReceiptLanguage) {
  const locale = LOCALE[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' });
  const common = {
    money: (cents: number) => money.format(cents / 100),
    longDate: (date: Date) => formatDate(date, language, 'long'),
    longDateTime: (date: Date) => formatDateTime(date, language, 'long'),
    /** A clinic date 'YYYY-MM-DD', as that very day whatever the zone. */
    shortDate: (date: string) => formatLocalDate(date, language, 'long'),
    /** A visit's length: '50 minutes' in both languages (a receipt counts minutes, as insurers do). */
    minutes: (count: number) => `${count}\u00a0${count === 1 ? 'minute' : 'minutes'}`,
    /** An office's two address lines: '180 Metcalfe Street, Suite 504' / '180, rue Metcalfe, bureau 504', then the city. */
    addressLines: (address: AddressParts) => officeAddressLines(address, language),
  };
  if (language === 'fr') {
    return {
      ...common,
      title: 'REÇU',
      number: 'Nº de reçu',
      date: 'Date',
      phone: 'Téléphone\u00a0:',
      hstNumber: 'Nº d’inscription à la TVH\u00a0:',
      patient: 'Patient(e)',
      service: 'Service',
      serviceDate: 'Date du service',
      duration: 'Durée de la consultation',
      dietitian: 'Diététiste',
      credential: 'Dt.P.',
      registration: (number: string) => `Nº d’inscription à l’Ordre des diététistes de l’Ontario\u00a0: ${number}`,
      fee: 'Honoraires',
      hst: 'TVH (13\u00a0%)',
      hstExempt: 'Exonéré de TVH',
      total: 'Total',
      paid: (method: string, date: string) => `Montant payé (${method}, le ${date})`,
      refunded: (method: string, date: string) => `Montant remboursé (${method}, le ${date})`,
      refundReason: 'Motif du remboursement\u00a0:',
      balance: 'Solde',
      paidInFull: 'Payé en entier',
      visitCancelled: 'Rendez-vous annulé\u00a0: aucun montant n’est dû.',
      refundOutstanding: 'Reste à rembourser',
      method: {
        card: 'Carte',
        cash: 'Comptant',
        e_transfer: 'Virement Interac',
        direct_billing: 'Facturation directe à l’assureur',
      } satisfies Record<PaymentMethod, string>,
      voidBanner: 'REÇU ANNULÉ',
      voided: (date: string) => `Annulé le ${date}.`,
      voidReason: 'Motif\u00a0:',
      replacedBy: (number: string) => `Remplacé par le reçu ${number}.`,
      footer: `Merci de votre confiance. Conservez ce reçu pour votre assureur ou votre déclaration de revenus. ${clinic.name}\u00a0: soins de diététique offerts par des diététistes membres de l’Ordre des diététistes de l’Ontario.`,
      fileName: (number: string) => `recu-${number}.pdf`,
      yearFileName: (year: number) => `recus-${year}.pdf`,
      yearTitle: (year: number) => `Reçus ${year}`,
    };
  }
  return {
    ...common,
    title: 'RECEIPT',
    number: 'Receipt no.',
    date: 'Date',
    phone: 'Phone:',
    hstNumber: 'HST registration no.:',
    patient: 'Patient',
    service: 'Service',
    serviceDate: 'Date of service',
    duration: 'Length of visit',
    dietitian: 'Dietitian',
    credential: 'RD',
    registration: (number: string) => `College of Dietitians of Ontario registration no.: ${number}`,
    fee: 'Fee',
    hst: 'HST (13%)',
    hstExempt: 'HST exempt',
    total: 'Total',
    paid: (method: string, date: string) => `Amount paid (${method}, ${date})`,
    refunded: (method: string, date: string) => `Amount refunded (${method}, ${date})`,
    refundReason: 'Reason for the refund:',
    balance: 'Balance',
    paidInFull: 'Paid in full',
    visitCancelled: 'Visit cancelled: nothing is owed for it.',
    refundOutstanding: 'Still to be refunded',
    method: {
      card: 'Card',
      cash: 'Cash',
      e_transfer: 'E-transfer',
      direct_billing: 'Direct billing to the insurer',
    } satisfies Record<PaymentMethod, string>,
    voidBanner: 'VOID',
    voided: (date: string) => `Voided on ${date}.`,
    voidReason: 'Reason:',
    replacedBy: (number: string) => `Replaced by receipt ${number}.`,
    footer: `Thank you. Keep this receipt for your insurer or your income tax return. ${clinic.name}: dietetic care by dietitians registered with the College of Dietitians of Ontario.`,
    fileName: (number: string) => `receipt-${number}.pdf`,
    yearFileName: (year: number) => `receipts-${year}.pdf`,
    yearTitle: (year: number) => `Receipts ${year}`,
  };
}
