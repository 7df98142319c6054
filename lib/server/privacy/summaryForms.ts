import 'server-only';
import { fullName } from '@/lib/format/personName';
import type { DataExport } from '@/lib/schemas/dataExport';
import { details, EMPTY, heading, html, none, sectionTable, text, type Html } from './summaryHtml';
import { intakeAnswersHtml } from './summaryIntake';
import { personName } from './summaryPeople';
import type { SummaryKit } from './summaryTexts';

/** The intake forms in summary.html: each form sent, the draft being filled in, and who read the forms. */

export function intakeFormsHtml(data: DataExport, kit: SummaryKit): Html {
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

export function draftHtml(data: DataExport, draft: NonNullable<DataExport['intake_draft']>, kit: SummaryKit): Html {
  const { t } = kit;
  const answers = intakeAnswersHtml(draft.answers, 3, kit, reasonNames(data), t('sections.intakeDraft'));
  return html`<p>${text(t('intake.draftIntro'))}</p>${details([[t('intake.draftSavedAt'), text(kit.moment(draft.updated_at))]])}${
    answers === EMPTY ? none(t('intake.draftEmpty')) : answers
  }`;
}

export function intakeAccessHtml(data: DataExport, kit: SummaryKit): Html {
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
