import 'server-only';
import type { DataExport } from '@/lib/schemas/dataExport';
import { details, EMPTY, heading, html, multiline, muted, none, sectionTable, text, type Html, type Section } from './summaryHtml';
import { chartAccessHtml, chartHtml } from './summaryChart';
import { draftHtml, intakeAccessHtml, intakeFormsHtml } from './summaryForms';
import { whoSection } from './summaryPeople';
import type { SummaryKit } from './summaryTexts';
import { appointmentHtml, paymentsHtml, receiptsHtml, waitlistHtml } from './summaryVisits';

/**
 * The sections of summary.html in data.json's order, each part of the export under its own
 * heading; the short ones (e-mails, consents, sign-ins, links, messages, requests, the record's
 * history) are written here.
 */

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

/** Every part of the export, in data.json's order; an empty part says so. */
export function sectionsOf(data: DataExport, kit: SummaryKit): Section[] {
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
    part('chart', t('sections.chart'), data.chart_entries.length + data.chart_drafts_withheld, () => chartHtml(data, kit)),
    part('chart-access', t('sections.chartAccess'), data.chart_access.length, () => chartAccessHtml(data, kit)),
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
