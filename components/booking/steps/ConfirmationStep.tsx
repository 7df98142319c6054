'use client';

import { useLocale, useTranslations } from 'next-intl';
import { dateLanguage, formatDateTimeRange } from '@/lib/format/dates';
import type { BookingResult, Service, Skill } from '@/lib/api/booking';
import { officeLabel } from '@/lib/format/office';
import { fullName } from '@/lib/format/personName';
import { formatPhone } from '@/lib/format/phone';
import { formatPostalCode } from '@/lib/format/postalCode';
import { formatPrice, formatRate } from '@/lib/format/price';
import { chosenReasons, slotKey } from '@/stores/bookingSteps';
import { selectSlotsOfDate } from '@/stores/booking';
import { useBookingStore } from '@/stores/useBookingStores';
import styles from '../booking.module.css';
import { StepActions, StepFrame } from '../StepFrame';

interface Props {
  focusHeading: boolean;
  services: Service[] | null;
  skills: Skill[] | null;
  onBooked: (result: BookingResult) => void;
}

/** Step 8: everything chosen, the price with its taxes, and the button that books. */
export function ConfirmationStep({ focusHeading, services, skills, onBooked }: Props) {
  const t = useTranslations('Booking');
  const locale = useLocale();
  const s = useBookingStore((state) => state);
  const slots = useBookingStore(selectSlotsOfDate);
  const service = services?.find((item) => item.id === s.serviceId);
  const office = s.offices?.find((item) => item.id === s.officeId);
  const slot = slots.find((item) => slotKey(item) === s.slot);
  const reasons = chosenReasons(s.reasons).map((id) => skills?.find((skill) => skill.id === id)?.translated_name ?? '');
  // A seat costs its session's price (a series' seat, every meeting's), taxed by the service's rule.
  const seatPrice = slot?.group_session?.price;
  const pricing =
    s.pricing && seatPrice
      ? {
          ...s.pricing,
          base_price_cents: seatPrice.base_cents,
          tax_amount_cents: seatPrice.tax_cents,
          total_price_cents: seatPrice.total_cents,
          tax_breakdown: s.pricing.tax_breakdown.map((line) => ({ ...line, amount_cents: seatPrice.tax_cents })),
        }
      : s.pricing;
  const c = s.contact;
  const address = [
    [c.streetNumber, c.streetName].filter(Boolean).join(' ') + (c.unitNumber ? `, ${c.unitNumber}` : ''),
    `${c.city} ${c.province} ${formatPostalCode(c.postalCode)}`.trim(),
    c.country,
  ].join(', ');
  const when = slot ? formatDateTimeRange(slot.start, slot.end, dateLanguage(locale)) : '';

  const rows: Array<[string, string]> = [
    [t('confirmation.service'), service?.translated_name ?? ''],
    [t('confirmation.language'), t(`session.${s.sessionLanguage}`)],
    ...(s.patient ? ([[t('confirmation.patient'), s.patientInfo?.full_name ?? s.patient.full_name]] as Array<[string, string]>) : []),
    [t('confirmation.contact'), `${fullName(c)} · ${c.email} · ${formatPhone(c.phone.replace(/\D/g, '').length === 10 ? `1${c.phone.replace(/\D/g, '')}` : c.phone)}`],
    [t('confirmation.address'), address],
    [t('confirmation.reasons'), reasons.join(', ')],
    ...(s.message ? ([[t('confirmation.message'), s.message]] as Array<[string, string]>) : []),
    // A virtual office's name already says so ('Virtual (video call)'): no second 'Virtual'.
    [
      t('confirmation.location'),
      !office ? '' : office.is_virtual ? office.name : `${office.name} — ${officeLabel(office, { virtual: t('location.virtual'), noAddress: t('location.noAddress') }, dateLanguage(locale))}`,
    ],
    // A group session's topic, and for a series how many meetings the seat holds.
    ...(slot?.group_session ? ([[t('confirmation.session'), slot.group_session.meetings > 1 ? `${slot.group_session.topic} (${t('datetime.meetings', { count: slot.group_session.meetings })})` : slot.group_session.topic]] as Array<[string, string]>) : []),
    [t('confirmation.when'), when],
    ...(slot?.recommended_employee ? ([[t('confirmation.dietitian'), slot.recommended_employee.name]] as Array<[string, string]>) : []),
  ];

  async function book() {
    const outcome = await s.book();
    if (outcome.ok) onBooked(outcome.result);
  }

  return (
    <StepFrame title={t('confirmation.title')} lead={t('confirmation.lead')} focusHeading={focusHeading}>
      <dl className={styles.summary}>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {pricing ? (
        <div>
          <h4>{t('confirmation.priceTitle')}</h4>
          <table className={styles.priceTable}>
            <tbody>
              <tr>
                <th scope="row">{t('confirmation.base')}</th>
                <td>{formatPrice(pricing.base_price_cents, locale, pricing.currency)}</td>
              </tr>
              {pricing.tax_breakdown.map((line) => (
                <tr key={line.name}>
                  <th scope="row">{t('confirmation.tax', { name: locale === 'fr' ? 'TVH' : line.name, rate: formatRate(line.rate, locale) })}</th>
                  <td>{formatPrice(line.amount_cents, locale, pricing.currency)}</td>
                </tr>
              ))}
              <tr className={styles.priceTotal}>
                <th scope="row">{t('confirmation.total')}</th>
                <td>{formatPrice(pricing.total_price_cents, locale, pricing.currency)}</td>
              </tr>
            </tbody>
          </table>
          {pricing.tax_breakdown.length === 0 && pricing.total_price_cents > 0 ? <p className={styles.muted}>{t('confirmation.taxExempt')}</p> : null}
          <p className={styles.muted}>{t('confirmation.payment')}</p>
        </div>
      ) : null}
      {s.failure?.step === 7 ? (
        <p className={styles.error} role="alert">
          {/* The server's reason, shown here only (the call does not toast it). */}
          {s.failure.message ?? t('confirmation.failed')}
        </p>
      ) : null}
      <StepActions
        onBack={s.previous}
        pending={s.pending === 'book'}
        continueLabel={s.reschedulingId !== null ? t('confirmation.move') : t('confirmation.book')}
        pendingLabel={t('confirmation.booking')}
        onContinue={() => void book()}
      />
    </StepFrame>
  );
}
