import 'server-only';
import { formatDate, formatDateTimeRange, formatLocalDateRange, weekdayName } from '@/lib/format/dates';
import type { DataExport } from '@/lib/schemas/dataExport';
import { bulletList, details, EMPTY, heading, html, lines, muted, multiline, sectionTable, table, text, type Html } from './summaryHtml';
import { personName } from './summaryPeople';
import type { SummaryKit } from './summaryTexts';

/** The bookings in summary.html: the appointments, their payments and receipts, and the waitlist places. */

type Appointment = DataExport['appointments'][number];

/** 'Follow-up consultation, November 26, 2026 (no. 42)': an appointment named where a payment or a receipt points to it. */
function appointmentReference(id: number, byId: Map<number, Appointment>, kit: SummaryKit): string {
  const appointment = byId.get(id);
  if (!appointment) return kit.t('appointment.referenceUnknown', { number: id });
  return kit.t('appointment.reference', {
    service: kit.name(appointment.group_topic ?? appointment.service),
    date: formatDate(appointment.starts_at, kit.language, 'long'),
    number: id,
  });
}

export function appointmentHtml(appointment: Appointment, kit: SummaryKit): Html {
  const { t } = kit;
  const when = formatDateTimeRange(appointment.starts_at, appointment.ends_at, kit.language);
  const place = appointment.virtual
    ? text(t('appointment.virtual'))
    : lines([kit.name(appointment.office.name), ...appointment.office.address_lines[kit.language]]);
  const optionalMoment = (instant: string | null) => (instant ? text(kit.moment(instant)) : null);
  return html`${heading(3, t('appointment.heading', { when, service: kit.name(appointment.group_topic ?? appointment.service) }))}${details([
    [t('appointment.number'), text(String(appointment.id))],
    [t('appointment.kind'), text(t(`appointment.kinds.${appointment.kind}`))],
    [t('appointment.groupTopic'), appointment.group_topic ? text(kit.name(appointment.group_topic)) : null],
    [t('appointment.service'), text(kit.name(appointment.service))],
    [t('appointment.dietitian'), text(personName(appointment.dietitian))],
    [t('appointment.place'), place],
    [t('appointment.sessionLanguage'), text(t(`languages.${appointment.session_language}`))],
    [t('appointment.status'), text(t(`appointment.statuses.${appointment.status}`))],
    [t('appointment.reasons'), appointment.reasons.length > 0 ? bulletList(appointment.reasons.map((reason) => text(kit.name(reason)))) : null],
    [t('appointment.message'), appointment.message ? multiline(appointment.message) : null],
    [t('appointment.price'), text(kit.money(appointment.price_cents))],
    [t('appointment.tax'), text(kit.money(appointment.tax_cents))],
    [t('appointment.total'), text(kit.money(appointment.total_cents))],
    [t('appointment.bookedAt'), text(kit.moment(appointment.booked_at))],
    [t('appointment.bookedByClinic'), text(appointment.booked_by_clinic ? kit.values('yes') : kit.values('no'))],
    [t('appointment.cancelledAt'), optionalMoment(appointment.cancelled_at)],
    [
      t('appointment.rescheduledFrom'),
      appointment.rescheduled_from === null ? null : text(t('appointment.rescheduledFromValue', { number: appointment.rescheduled_from })),
    ],
    [t('appointment.reminderSentAt'), optionalMoment(appointment.reminder_sent_at)],
    [t('appointment.handoutsSentAt'), optionalMoment(appointment.handouts_sent_at)],
    [
      t('appointment.manageLinks'),
      appointment.manage_links.length > 0
        ? bulletList(
            appointment.manage_links.map((link) =>
              text(t('appointment.manageLink', { sent: kit.moment(link.created_at), expires: kit.moment(link.expires_at) })),
            ),
          )
        : null,
    ],
  ])}`;
}

export function paymentsHtml(data: DataExport, byId: Map<number, Appointment>, kit: SummaryKit): Html {
  const { t } = kit;
  return sectionTable(
    t('sections.payments'),
    [t('payment.paidOn'), t('payment.appointment'), t('payment.method'), t('payment.amount'), t('payment.refundReason'), t('payment.recordedAt')],
    data.payments.map((payment) => [
      text(kit.day(payment.paid_on)),
      text(appointmentReference(payment.appointment_id, byId, kit)),
      text(t(`payment.methods.${payment.method}`)),
      text(kit.money(payment.amount_cents)),
      payment.refund_reason ? multiline(payment.refund_reason) : EMPTY,
      text(kit.moment(payment.recorded_at)),
    ]),
  );
}

export function receiptsHtml(data: DataExport, byId: Map<number, Appointment>, kit: SummaryKit): Html {
  const { t } = kit;
  return html`${data.receipts.map(
    (receipt) =>
      html`${heading(3, t('receipt.heading', { number: receipt.number }))}${details([
        [t('receipt.issuedAt'), text(kit.moment(receipt.issued_at))],
        [t('receipt.appointment'), text(appointmentReference(receipt.appointment_id, byId, kit))],
        [t('receipt.language'), text(t(`languages.${receipt.language}`))],
        [t('receipt.fee'), text(kit.money(receipt.fee_cents))],
        [t('receipt.tax'), text(kit.money(receipt.tax_cents))],
        [t('receipt.total'), text(kit.money(receipt.total_cents))],
        [t('receipt.paid'), text(kit.money(receipt.paid_cents))],
        [t('receipt.paidToDate'), text(kit.money(receipt.paid_to_date_cents))],
        [t('receipt.balance'), text(kit.money(receipt.balance_cents))],
        [t('receipt.voided'), receipt.voided_at ? text(t('receipt.voidedValue', { date: kit.moment(receipt.voided_at) })) : null],
        [t('receipt.voidReason'), receipt.void_reason ? multiline(receipt.void_reason) : null],
        // A link within the unzipped folder: the PDF beside this page.
        [t('receipt.file'), html`<a href="${text(encodeURI(receipt.file))}">${text(receipt.file)}</a>`],
      ])}`,
  )}`;
}

export function waitlistHtml(data: DataExport, kit: SummaryKit): Html {
  const { t, language } = kit;
  return html`${data.waitlist.map((entry) => {
    const offers =
      entry.offers.length > 0
        ? table(
            t('waitlist.offers'),
            [t('waitlist.offerTime'), t('waitlist.offeredAt'), t('waitlist.offerExpiresAt'), t('waitlist.offerStatus')],
            entry.offers.map((offer) => [
              text(formatDateTimeRange(offer.starts_at, offer.ends_at, language)),
              text(kit.moment(offer.offered_at)),
              text(kit.moment(offer.expires_at)),
              text(t(`waitlist.offerStatuses.${offer.status}`)),
            ]),
          )
        : details([[t('waitlist.offers'), muted(t('none'))]]);
    const service = kit.name(entry.group_topic ?? entry.service);
    return html`${heading(3, t('waitlist.heading', { service, dates: formatLocalDateRange(entry.from_date, entry.to_date, language) }))}${details([
      [t('appointment.service'), text(kit.name(entry.service))],
      [t('waitlist.groupTopic'), entry.group_topic ? text(kit.name(entry.group_topic)) : null],
      [t('waitlist.office'), text(kit.name(entry.office))],
      [t('waitlist.sessionLanguage'), text(t(`languages.${entry.session_language}`))],
      [t('waitlist.reasons'), entry.reasons.length > 0 ? bulletList(entry.reasons.map((reason) => text(kit.name(reason)))) : null],
      [t('waitlist.message'), entry.message ? multiline(entry.message) : null],
      [t('waitlist.dates'), text(formatLocalDateRange(entry.from_date, entry.to_date, language))],
      [t('waitlist.timesOfDay'), text(entry.times_of_day.map((time) => t(`waitlist.times.${time}`)).join(', '))],
      [t('waitlist.weekdays'), text(entry.weekdays.map((day) => weekdayName(day, language)).join(', '))],
      [t('waitlist.status'), text(t(`waitlist.statuses.${entry.status}`))],
      [t('waitlist.joinedAt'), text(kit.moment(entry.joined_at))],
      [t('waitlist.endedAt'), entry.ended_at ? text(kit.moment(entry.ended_at)) : null],
    ])}${offers}`;
  })}`;
}
