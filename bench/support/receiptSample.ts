import { clinic } from '../../lib/clinic';
import type { PrintableReceipt } from '../../lib/server/receipts/pdf';

/**
 * A receipt as the clinic issues one, for the benchmark and docs/payments.md's picture: the demo
 * clinic's details, a French visit with the accents a real one has, paid by card.
 */
export function sampleReceipt(overrides: Partial<PrintableReceipt> = {}): PrintableReceipt {
  return {
    number: 'R-2026-000123',
    issuedAt: new Date('2026-11-24T16:05:00Z'),
    language: 'fr',
    content: {
      clinic: {
        name: clinic.name,
        addressLines: ['180, rue Metcalfe, bureau 504', 'Ottawa (Ontario)  K2P 1P5'],
        address: {
          en: ['180 Metcalfe Street, Suite 504', 'Ottawa, Ontario  K2P 1P5'],
          fr: ['180, rue Metcalfe, bureau 504', 'Ottawa (Ontario)  K2P 1P5'],
        },
        phone: '+1 (613) 555-0142',
        email: clinic.email,
        hstNumber: null,
      },
      patientName: 'Noémie Côté',
      service: { en: 'Individual consultation', fr: 'Consultation individuelle' },
      serviceDate: '2026-11-24T15:00:00Z',
      durationMinutes: 50,
      dietitian: { name: 'Claire Bouchard', registrationNumber: '14237' },
      method: 'card',
      paidOn: '2026-11-24',
      refundReason: null,
    },
    feeCents: 13500,
    taxCents: 0,
    totalCents: 13500,
    paidCents: 13500,
    paidToDateCents: 13500,
    balanceCents: 0,
    voided: null,
    replacedBy: null,
    ...overrides,
  };
}
