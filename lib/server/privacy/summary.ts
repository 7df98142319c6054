import 'server-only';
import { clinic } from '@/lib/clinic';
import { formatDate, formatDateTimeRange, formatLocalDateRange, weekdayName } from '@/lib/format/dates';
import { fullName } from '@/lib/format/personName';
import { formatPhone } from '@/lib/format/phone';
import type { Locale } from '@/lib/i18n/routing';
import type { DataExport } from '@/lib/schemas/dataExport';
import { intakeAnswersHtml } from './summaryIntake';
import { bulletList, details, EMPTY, heading, html, lines, muted, none, table, text, type Html } from './summaryHtml';
import { summaryKit, type PostalAddress, type SummaryKit } from './summaryTexts';

/**
 * summary.html, the readable part of a person's export (issue #30): one self-contained page in
 * their language (no script, no outside resource, a little style for the screen and for print)
 * that says every part of data.json in its order, the intake answers under their questions as the
 * form asked them. Dates and times are on the clinic's clock; everything the person or the clinic
 * typed is escaped (summaryHtml.ts).
 */

type Appointment = DataExport['appointments'][number];
type ExportAddress = NonNullable<NonNullable<DataExport['account']>['address']>;
type Person = { first_name: string; last_name: string };

interface Section {
  id: string;
  title: string;
  body: Html;
}

const STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0 auto;max-width:62rem;padding:1.5rem;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1a1a;background:#fff}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.35rem;margin:2.5rem 0 .75rem;padding-bottom:.25rem;border-bottom:2px solid #1f6f50;color:#14553c}
h3{font-size:1.1rem;margin:1.75rem 0 .5rem}
h4{font-size:1rem;margin:1.25rem 0 .5rem}
a{color:#1f6f50}
dl{display:grid;grid-template-columns:minmax(9rem,18rem) 1fr;gap:.3rem 1rem;margin:.5rem 0 1rem}
dl>div{display:contents}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
ul{margin:0;padding-left:1.25rem}
.scroll{overflow-x:auto;margin:.5rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:.92rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #b9c7bf;padding:.35rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
thead th{background:#eaf2ed}
tbody th{font-weight:600}
.muted{color:#555}
.multiline{white-space:pre-line}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
footer{margin-top:3rem;padding-top:1rem;border-top:1px solid #b9c7bf;font-size:.9rem}
@media (max-width:40rem){dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:.5rem}}
@media print{body{max-width:none;padding:0;font-size:10.5pt}nav{display:none}h2,h3,h4,caption{break-after:avoid}tr,dt,dd{break-inside:avoid}.scroll{overflow:visible}a{color:inherit;text-decoration:none}}
`
  .trim()
  .replace(/\n/g, '');

/** The clinic's way of writing e-mails' purposes (lib/server: queueEmail's `purpose`), as summary texts. */
const EMAIL_KINDS = {
  verification: 'verification',
  'password reset': 'passwordReset',
  welcome: 'welcome',
  'appointment booked': 'appointmentBooked',
  'appointment rescheduled': 'appointmentRescheduled',
  'appointment cancelled': 'appointmentCancelled',
  'appointment reminder': 'appointmentReminder',
  'waitlist joined': 'waitlistJoined',
  'waitlist offer': 'waitlistOffer',
  'waitlist removed': 'waitlistRemoved',
  'receipt issued': 'receiptIssued',
  'receipt reissued': 'receiptReissued',
  'contact acknowledgement': 'contactAcknowledgement',
  'intake acknowledgement': 'intakeAcknowledgement',
  'group handouts': 'groupHandouts',
  'data export link': 'dataExportLink',
  'account closed': 'accountClosed',
} as const;
const EMAIL_LINK_PURPOSES = ['verify_email', 'password_reset', 'data_export'] as const;
const AUDIT_ACTIONS = ['data_export', 'account_closed', 'records_purged', 'records_request', 'correction_request'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

const personName = (person: Person) => fullName({ firstName: person.first_name, lastName: person.last_name });

function addressOf(address: ExportAddress): PostalAddress {
  return {
    streetNumber: address.street_number,
    streetName: address.street_name,
    unitNumber: address.unit_number,
    city: address.city,
    province: address.province,
    postalCode: address.postal_code,
    country: address.country,
  };
}

function addressHtml(address: ExportAddress | null, kit: SummaryKit): Html {
  return address ? lines(kit.address(addressOf(address))) : muted(kit.t('notGiven'));
}

/** A section that is one table: its caption would repeat the section's heading just above. */
function sectionTable(caption: string, columns: readonly string[], rows: ReadonlyArray<readonly Html[]>): Html {
  return table(caption, columns, rows, { captionUnderHeading: true });
}

function multiline(value: string): Html {
  return html`<span class="multiline">${text(value)}</span>`;
}

/** Who: the account and its contact details, or the guest's address and the contacts given. */
function whoSection(data: DataExport, kit: SummaryKit): Section {
  const { t } = kit;
  const account = data.account;
  if (account) {
    return {
      id: 'account',
      title: t('sections.account'),
      body: details([
        [t('account.name'), text(personName(account))],
        [t('account.email'), text(account.email)],
        [t('account.phone'), account.phone ? text(formatPhone(account.phone)) : muted(t('notGiven'))],
        [t('account.preferredLanguage'), text(t(`languages.${account.preferred_language}`))],
        [t('account.createdAt'), text(kit.moment(account.created_at))],
        [t('account.emailVerifiedAt'), account.email_verified_at ? text(kit.moment(account.email_verified_at)) : muted(t('account.notConfirmed'))],
        [t('account.closedAt'), account.closed_at ? text(kit.moment(account.closed_at)) : null],
        [t('account.address'), addressHtml(account.address, kit)],
        [t('account.preferredDietitian'), account.preferred_dietitian ? text(personName(account.preferred_dietitian)) : muted(t('account.noPreference'))],
      ]),
    };
  }
  const guest = data.guest;
  const contacts = guest?.contacts ?? [];
  return {
    id: 'account',
    title: t('sections.guest'),
    body: html`${details([
      [t('guest.email'), guest ? text(guest.email) : muted(t('notGiven'))],
      [t('guest.contacts'), contacts.length > 0 ? null : muted(t('none'))],
    ])}${
      contacts.length > 0
        ? table(
            t('guest.contacts'),
            [t('guest.name'), t('account.email'), t('guest.phone'), t('guest.address')],
            contacts.map((contact) => [
              text(personName(contact)),
              text(contact.email),
              contact.phone ? text(formatPhone(contact.phone)) : muted(t('notGiven')),
              addressHtml(contact.address, kit),
            ]),
          )
        : EMPTY
    }`,
  };
}

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

function appointmentHtml(appointment: Appointment, kit: SummaryKit): Html {
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

function intakeFormsHtml(data: DataExport, kit: SummaryKit): Html {
  const { t } = kit;
  return html`${data.intake_submissions.map(
    (form) =>
      html`<article>${heading(3, t('intake.heading', { date: kit.moment(form.submitted_at) }))}${details([
        [t('intake.name'), text(fullName({ firstName: form.first_name, lastName: form.last_name }))],
        [t('intake.email'), text(form.email)],
        [t('intake.language'), text(t(`languages.${form.language}`))],
        [t('intake.consent'), text(t('intake.consentValue', { date: kit.moment(form.consented_at), version: form.consent_version }))],
      ])}${intakeAnswersHtml(form.answers, 4, kit, reasonNames(data), t('intake.heading', { date: kit.moment(form.submitted_at) }))}</article>`,
  )}`;
}

/** The export's names of the reasons the intake answers give by number. */
const reasonNames = (data: DataExport) => new Map(data.reasons.map((reason) => [reason.id, reason.name]));

function draftHtml(data: DataExport, draft: NonNullable<DataExport['intake_draft']>, kit: SummaryKit): Html {
  const { t } = kit;
  const answers = intakeAnswersHtml(draft.answers, 3, kit, reasonNames(data), t('sections.intakeDraft'));
  return html`<p>${text(t('intake.draftIntro'))}</p>${details([[t('intake.draftSavedAt'), text(kit.moment(draft.updated_at))]])}${
    answers === EMPTY ? none(t('intake.draftEmpty')) : answers
  }`;
}

function paymentsHtml(data: DataExport, byId: Map<number, Appointment>, kit: SummaryKit): Html {
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

function receiptsHtml(data: DataExport, byId: Map<number, Appointment>, kit: SummaryKit): Html {
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

function waitlistHtml(data: DataExport, kit: SummaryKit): Html {
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

function emailsHtml(data: DataExport, kit: SummaryKit): Html {
  const { t } = kit;
  const kind = (value: string) => (Object.hasOwn(EMAIL_KINDS, value) ? t(`email.kinds.${EMAIL_KINDS[value as keyof typeof EMAIL_KINDS]}`) : value);
  return sectionTable(
    t('sections.emails'),
    [t('email.date'), t('email.kind'), t('email.subject'), t('email.language'), t('email.status')],
    data.emails.map((email) => [
      text(kit.moment(email.sent_at ?? email.queued_at)),
      text(kind(email.kind)),
      text(email.subject),
      text(t(`languages.${email.language}`)),
      text(t(`email.statuses.${email.status}`)),
    ]),
  );
}

function intakeAccessHtml(data: DataExport, kit: SummaryKit): Html {
  const { t } = kit;
  const forms = new Map(data.intake_submissions.map((form) => [form.id, form]));
  return sectionTable(
    t('sections.intakeAccess'),
    [t('access.readAt'), t('access.form'), t('access.reader')],
    data.intake_access.map((entry) => {
      const form = forms.get(entry.form_id);
      return [
        text(kit.moment(entry.read_at)),
        text(form ? t('intake.heading', { date: kit.moment(form.submitted_at) }) : entry.form_id),
        text(entry.reader.role === 'self' ? t('access.you') : t('access.staff', { name: personName(entry.reader) })),
      ];
    }),
  );
}

/** Every part of the export, in data.json's order; an empty part says so. */
function sectionsOf(data: DataExport, kit: SummaryKit): Section[] {
  const { t } = kit;
  const byId = new Map(data.appointments.map((appointment) => [appointment.id, appointment]));
  const part = (id: string, title: string, count: number, body: () => Html): Section => ({
    id,
    title,
    body: count > 0 ? body() : none(t('none')),
  });
  return [
    whoSection(data, kit),
    part('appointments', t('sections.appointments'), data.appointments.length, () =>
      html`${data.appointments.map((appointment) => html`<article>${appointmentHtml(appointment, kit)}</article>`)}`,
    ),
    part('intake-forms', t('sections.intakeForms'), data.intake_submissions.length, () => intakeFormsHtml(data, kit)),
    part('intake-draft', t('sections.intakeDraft'), data.intake_draft ? 1 : 0, () => draftHtml(data, data.intake_draft!, kit)),
    part('payments', t('sections.payments'), data.payments.length, () => paymentsHtml(data, byId, kit)),
    part('receipts', t('sections.receipts'), data.receipts.length, () => receiptsHtml(data, byId, kit)),
    part('waitlist', t('sections.waitlist'), data.waitlist.length, () => waitlistHtml(data, kit)),
    part('emails', t('sections.emails'), data.emails.length, () => emailsHtml(data, kit)),
    part('consents', t('sections.consents'), data.consents.length, () =>
      sectionTable(
        t('sections.consents'),
        [t('consent.givenAt'), t('consent.kind'), t('consent.version')],
        data.consents.map((consent) => [text(kit.moment(consent.given_at)), text(t(`consent.kinds.${consent.kind}`)), text(consent.version)]),
      ),
    ),
    part('sign-ins', t('sections.signIns'), data.sign_ins.length, () =>
      sectionTable(
        t('sections.signIns'),
        [t('signIn.signedInAt'), t('signIn.lastSeenAt'), t('signIn.expiresAt')],
        data.sign_ins.map((session) => [text(kit.moment(session.signed_in_at)), text(kit.moment(session.last_seen_at)), text(kit.moment(session.expires_at))]),
      ),
    ),
    part('email-links', t('sections.emailLinks'), data.email_links.length, () =>
      sectionTable(
        t('sections.emailLinks'),
        [t('emailLink.sentAt'), t('emailLink.purpose'), t('emailLink.expiresAt'), t('emailLink.usedAt')],
        data.email_links.map((link) => [
          text(kit.moment(link.created_at)),
          text(isOneOf(EMAIL_LINK_PURPOSES, link.purpose) ? t(`emailLink.purposes.${link.purpose}`) : link.purpose),
          text(kit.moment(link.expires_at)),
          link.used_at ? text(kit.moment(link.used_at)) : muted(t('emailLink.unused')),
        ]),
      ),
    ),
    part('intake-access', t('sections.intakeAccess'), data.intake_access.length, () => intakeAccessHtml(data, kit)),
    part('contact-messages', t('sections.contactMessages'), data.contact_messages.length, () =>
      html`${data.contact_messages.map(
        (message) =>
          html`${heading(3, t('contactMessage.heading', { date: kit.moment(message.sent_at) }))}${details([
            [t('contactMessage.subject'), text(message.subject)],
            [t('contactMessage.language'), text(t(`languages.${message.language}`))],
            [t('contactMessage.message'), multiline(message.message)],
          ])}`,
      )}`,
    ),
    part('records-requests', t('sections.recordsRequests'), data.records_requests.length, () =>
      sectionTable(
        t('sections.recordsRequests'),
        [t('request.receivedOn'), t('request.kind'), t('request.dueOn'), t('request.status'), t('request.details'), t('request.outcome')],
        data.records_requests.map((request) => [
          text(kit.day(request.received_on)),
          text(t(`request.kinds.${request.kind}`)),
          text(kit.day(request.due_on)),
          text(t(`request.statuses.${request.status}`)),
          request.details ? multiline(request.details) : EMPTY,
          request.outcome ? multiline(request.outcome) : EMPTY,
        ]),
      ),
    ),
    part('record-history', t('sections.recordHistory'), data.record_history.length, () =>
      sectionTable(
        t('sections.recordHistory'),
        [t('history.at'), t('history.action'), t('history.byClinic')],
        data.record_history.map((event) => [
          text(kit.moment(event.at)),
          text(isOneOf(AUDIT_ACTIONS, event.action) ? t(`history.actions.${event.action}`) : event.action),
          text(event.by_clinic ? kit.values('yes') : kit.values('no')),
        ]),
      ),
    ),
  ];
}

/**
 * The export's readable summary, summary.html: a whole HTML5 document in `locale`, self-contained,
 * every part of `data` in order under its own heading.
 */
export function renderSummaryHtml(data: DataExport, locale: Locale): string {
  const kit = summaryKit(locale);
  const { t } = kit;
  const title = t('title', { clinic: clinic.name });
  const generated = kit.moment(data.generated_at);
  const intro = data.account
    ? t('introPatient', { clinic: clinic.name, name: personName(data.account), date: generated })
    : t('introGuest', { clinic: clinic.name, email: data.guest?.email ?? '', date: generated });
  const sections = sectionsOf(data, kit);
  const contents = sections.map((section) => html`<li><a href="#${text(section.id)}">${text(section.title)}</a></li>`);
  const body = sections.map((section) => html`<section>${heading(2, section.title, section.id)}${section.body}</section>`);
  const footer = t('footer', { version: data.format_version, clinic: clinic.name, phone: formatPhone(clinic.phone), email: clinic.email });

  return `<!DOCTYPE html>
<html lang="${locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${text(title)}</h1>
<p>${text(intro)}</p>
<p>${text(t('introFiles'))}</p>
<p>${text(t('introClock'))}</p>
</header>
<nav aria-labelledby="contents">
<h2 id="contents">${text(t('contents'))}</h2>
<ol>${contents.join('')}</ol>
</nav>
<main>
${body.join('\n')}
</main>
<footer><p>${text(footer)}</p></footer>
</body>
</html>
`;
}
