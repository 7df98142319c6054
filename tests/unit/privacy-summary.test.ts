// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dataExportSchema, type DataExport } from '@/lib/schemas/dataExport';
import { intakeAnswersSchema } from '@/lib/schemas/intake';
import { renderSummaryHtml } from '@/lib/server/privacy/summary';
import { completeIntakeAnswers } from '@/tests/support/intakeAnswers';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

/**
 * summary.html, the readable part of a person's export (issue #30): one self-contained page in
 * their language, every part of data.json under its heading, the intake answers under the form's
 * own questions, and nothing typed by anyone able to become markup.
 */

const NBSP = '\u00a0';
const FORM_ID = '3f6c1a9e-8b2d-4e7f-9a10-5c4d3b2a1f00';

const office = {
  name: { en: 'Centretown', fr: 'Centre-ville' },
  address_lines: {
    en: ['180 Metcalfe Street, Suite 504', 'Ottawa, Ontario  K2P 1P5'],
    fr: ['180, rue Metcalfe, bureau 504', 'Ottawa (Ontario)  K2P 1P5'],
  },
};

/** A patient with five years of nothing unusual: a visit, a cancelled group seat, a form, a payment... */
function patientExport(): DataExport {
  // The answers as the server stores them: what the intake schema made of the form's controls.
  const answers = intakeAnswersSchema.parse(completeIntakeAnswers());
  return dataExportSchema.parse({
    format_version: 1,
    generated_at: '2026-11-30T15:00:00.000Z',
    language: 'fr',
    subject: 'patient',
    account: {
      email: 'camille.tremblay@example.com',
      first_name: 'Camille',
      last_name: 'Tremblay & <Fils>',
      phone: '16135550199',
      preferred_language: 'fr',
      created_at: '2025-01-10T14:00:00.000Z',
      email_verified_at: '2025-01-10T14:05:00.000Z',
      closed_at: null,
      address: {
        street_number: '120',
        street_name: 'Rideau Street',
        unit_number: null,
        city: 'Ottawa',
        province: 'ON',
        country: 'CA',
        postal_code: 'K1N5X6',
      },
      preferred_dietitian: { first_name: 'Sophie', last_name: 'Lavoie' },
    },
    guest: null,
    appointments: [
      {
        id: 42,
        kind: 'visit',
        group_topic: null,
        service: { en: 'Follow-up consultation', fr: 'Consultation de suivi' },
        dietitian: { first_name: 'Sophie', last_name: 'Lavoie' },
        office,
        virtual: false,
        session_language: 'fr',
        // 9:45 on the clinic's clock (EST, UTC-5).
        starts_at: '2026-11-26T14:45:00.000Z',
        ends_at: '2026-11-26T15:35:00.000Z',
        status: 'completed',
        reasons: [{ en: 'Digestive health', fr: 'Santé digestive' }],
        message: 'Parking?\nI use a <b>wheelchair</b>.',
        price_cents: 12000,
        tax_cents: 0,
        total_cents: 12000,
        booked_at: '2026-11-02T18:00:00.000Z',
        booked_by_clinic: false,
        cancelled_at: null,
        rescheduled_from: null,
        reminder_sent_at: '2026-11-25T14:45:00.000Z',
        handouts_sent_at: null,
        manage_links: [{ created_at: '2026-11-02T18:00:00.000Z', expires_at: '2026-11-26T14:45:00.000Z' }],
      },
      {
        id: 57,
        kind: 'group_seat',
        group_topic: { en: 'Cooking for heart health', fr: 'Cuisiner pour la santé du cœur' },
        service: { en: 'Group programs', fr: 'Programmes de groupe' },
        dietitian: { first_name: 'Marc', last_name: 'Roy' },
        office: { name: { en: 'Virtual', fr: 'Virtuel' }, address_lines: { en: [], fr: [] } },
        virtual: true,
        session_language: 'en',
        starts_at: '2026-12-03T23:00:00.000Z',
        ends_at: '2026-12-04T00:30:00.000Z',
        status: 'cancelled',
        reasons: [],
        message: null,
        price_cents: 4500,
        tax_cents: 585,
        total_cents: 5085,
        booked_at: '2026-11-20T12:00:00.000Z',
        booked_by_clinic: true,
        cancelled_at: '2026-11-28T12:00:00.000Z',
        rescheduled_from: null,
        reminder_sent_at: null,
        handouts_sent_at: null,
        manage_links: [],
      },
    ],
    intake_submissions: [
      {
        id: FORM_ID,
        submitted_at: '2026-11-20T15:00:00.000Z',
        language: 'fr',
        first_name: 'Camille',
        last_name: 'Tremblay',
        email: 'camille.tremblay@example.com',
        consent_version: '2026-11-01',
        consented_at: '2026-11-20T15:00:00.000Z',
        answers,
      },
    ],
    intake_draft: {
      step: 1,
      updated_at: '2026-11-29T20:00:00.000Z',
      // As typed: the draft is not validated.
      answers: { personalInformation: { ...completeIntakeAnswers().personalInformation, sex: 'male', householdSize: '3' } },
    },
    reasons: [
      { id: 1, name: { en: 'Weight management', fr: 'Gestion du poids' } },
      { id: 3, name: { en: 'Diabetes', fr: 'Diabète' } },
    ],
    payments: [
      {
        id: '0b6f4c1e-2f1a-4d3e-9c8b-7a6f5e4d3c2b',
        appointment_id: 42,
        amount_cents: 12000,
        method: 'card',
        paid_on: '2026-11-26',
        refund_reason: null,
        recorded_at: '2026-11-26T15:40:00.000Z',
      },
    ],
    receipts: [
      {
        number: 'R-2026-000042',
        appointment_id: 42,
        payment_id: '0b6f4c1e-2f1a-4d3e-9c8b-7a6f5e4d3c2b',
        language: 'fr',
        issued_at: '2026-11-26T15:40:00.000Z',
        fee_cents: 12000,
        tax_cents: 0,
        total_cents: 12000,
        paid_cents: 12000,
        paid_to_date_cents: 12000,
        balance_cents: 0,
        voided_at: null,
        void_reason: null,
        file: 'receipts/recu-R-2026-000042.pdf',
      },
    ],
    waitlist: [
      {
        service: { en: 'Follow-up consultation', fr: 'Consultation de suivi' },
        office: office.name,
        group_topic: null,
        session_language: 'fr',
        reasons: [],
        message: null,
        from_date: '2026-11-02',
        to_date: '2026-11-08',
        times_of_day: ['morning', 'evening'],
        weekdays: [1, 5],
        status: 'booked',
        joined_at: '2026-11-01T13:00:00.000Z',
        ended_at: '2026-11-02T18:00:00.000Z',
        offers: [
          {
            starts_at: '2026-11-26T14:45:00.000Z',
            ends_at: '2026-11-26T15:35:00.000Z',
            status: 'claimed',
            offered_at: '2026-11-02T17:00:00.000Z',
            expires_at: '2026-11-03T17:00:00.000Z',
          },
        ],
      },
    ],
    emails: [
      {
        kind: 'appointment booked',
        subject: 'Votre rendez-vous est confirmé',
        language: 'fr',
        queued_at: '2026-11-02T18:00:00.000Z',
        sent_at: '2026-11-02T18:00:05.000Z',
        status: 'sent',
      },
    ],
    consents: [{ kind: 'intake_form', version: '2026-11-01', given_at: '2026-11-20T15:00:00.000Z' }],
    sign_ins: [{ signed_in_at: '2026-11-29T19:00:00.000Z', last_seen_at: '2026-11-29T20:00:00.000Z', expires_at: '2026-12-29T19:00:00.000Z' }],
    email_links: [{ purpose: 'verify_email', created_at: '2025-01-10T14:00:00.000Z', expires_at: '2025-01-11T14:00:00.000Z', used_at: '2025-01-10T14:05:00.000Z' }],
    intake_access: [
      { form_id: FORM_ID, read_at: '2026-11-25T13:00:00.000Z', reader: { first_name: 'Sophie', last_name: 'Lavoie', role: 'clinic' } },
    ],
    chart_entries: [
      {
        id: '7d1c6f0e-0000-4000-8000-000000000001',
        template: 'adime',
        occurred_at: '2026-11-20T15:00:00.000Z',
        signed_at: '2026-11-22T15:00:00.000Z',
        late_entry: true,
        author: 'Sophie Lavoie',
        content_hash: 'a'.repeat(64),
        shared_with_you: false,
        entered_in_error: null,
        content: {
          subject: '',
          weight_kg: 82.5,
          weight_unit: 'kg',
          height_cm: 170,
          waist_cm: null,
          assessment: 'Low fibre <b>intake</b>',
          diagnoses: [{ problem: 'Inadequate fibre intake', etiology: 'little time to cook', signs: '12 g a day' }],
          intervention: '',
          monitoring: '',
          goals: [{ goal: '25 g of fibre a day', target: '25 g', status: 'new' }],
          note: '',
        },
        bmi: 28.5,
        addenda: [{ kind: 'correction', author: 'Sophie Lavoie', created_at: '2026-11-23T15:00:00.000Z', reason: 'Typo', text: '14 g, not 12 g.' }],
      },
    ],
    chart_drafts_withheld: 1,
    chart_access: [
      { read_at: '2026-11-25T14:00:00.000Z', what: 'chart', entry_id: null, reader: { first_name: 'Sophie', last_name: 'Lavoie' } },
    ],
    contact_messages: [
      { sent_at: '2026-10-01T16:00:00.000Z', subject: 'Question', message: 'Hello <script>alert("x")</script> & bye', language: 'fr' },
    ],
    records_requests: [
      { kind: 'access', received_on: '2026-11-10', due_on: '2026-12-10', status: 'completed', details: null, outcome: 'Export sent.' },
    ],
    record_history: [{ action: 'data_export', at: '2026-11-30T15:00:00.000Z', by_clinic: false }],
  });
}

/** A guest the clinic holds nothing more about than the address asked about. */
function emptyGuestExport(): DataExport {
  return dataExportSchema.parse({
    format_version: 1,
    generated_at: '2026-11-30T15:00:00.000Z',
    language: 'en',
    subject: 'guest',
    account: null,
    guest: { email: 'guest@example.com', contacts: [] },
    appointments: [],
    intake_submissions: [],
    intake_draft: null,
    reasons: [],
    payments: [],
    receipts: [],
    waitlist: [],
    emails: [],
    consents: [],
    sign_ins: [],
    email_links: [],
    intake_access: [],
    chart_entries: [],
    chart_drafts_withheld: 0,
    chart_access: [],
    contact_messages: [],
    records_requests: [],
    record_history: [],
  });
}

function parse(markup: string): Document {
  return new DOMParser().parseFromString(markup, 'text/html');
}

/** Text with its runs of ordinary white space made one space (no-break spaces are kept: they are the typography). */
const squash = (value: string | null | undefined) => (value ?? '').replace(/[ \t\r\n]+/g, ' ').trim();

/** The answer written under a question (a <dt>) whose text is exactly `label`, inside `root`. */
function answerTo(root: ParentNode, label: string): string | null {
  const term = [...root.querySelectorAll('dt')].find((dt) => squash(dt.textContent) === squash(label));
  return term ? squash(term.nextElementSibling?.textContent) : null;
}

/** The lines of an answer written one under the other (an address). */
function linesOf(root: ParentNode, label: string): string[] {
  const term = [...root.querySelectorAll('dt')].find((dt) => squash(dt.textContent) === squash(label));
  return (term?.nextElementSibling?.innerHTML ?? '').split('<br>').map((line) => squash(parse(line).body.textContent));
}

const stepSection = (doc: Document, title: string) =>
  [...doc.querySelectorAll('section.step')].find((section) => squash(section.querySelector('h3, h4')?.textContent) === title)!;

const sectionTitles = (messages: typeof en, who: 'account' | 'guest') => {
  const { sections } = messages.DataExport.summary;
  const { account: _account, guest: _guest, ...rest } = sections;
  return [sections[who], ...Object.values(rest)];
};

describe('summary.html', () => {
  const frHtml = renderSummaryHtml(patientExport(), 'fr');
  const enHtml = renderSummaryHtml(patientExport(), 'en');
  const frDoc = parse(frHtml);
  const enDoc = parse(enHtml);

  it('is one HTML5 document in the person’s language, with a title, and nothing from outside', () => {
    expect(frHtml.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(frDoc.documentElement.lang).toBe('fr');
    expect(enDoc.documentElement.lang).toBe('en');
    expect(frDoc.title).toBe('Vos données chez Équilibre Nutrition');
    expect(enDoc.title).toBe('Your data at Équilibre Nutrition');
    for (const html of [frHtml, enHtml]) {
      expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|url\(|@import/i);
    }
    expect(frDoc.querySelectorAll('style')).toHaveLength(1);
  });

  it('has every part of the export under its own heading, in order', () => {
    const titles = (doc: Document) => [...doc.querySelectorAll('main > section > h2')].map((h2) => squash(h2.textContent));
    expect(titles(frDoc)).toEqual(sectionTitles(fr, 'account'));
    expect(titles(enDoc)).toEqual(sectionTitles(en, 'account'));
    expect(titles(parse(renderSummaryHtml(emptyGuestExport(), 'en')))).toEqual(sectionTitles(en, 'guest'));
  });

  it('goes down the headings one level at a time, and heads its tables', () => {
    for (const doc of [frDoc, enDoc]) {
      const levels = [...doc.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, index) => {
        if (index > 0) expect(level, `heading ${index}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
      });
      const tables = [...doc.querySelectorAll('table')];
      expect(tables.length).toBeGreaterThan(5);
      for (const table of tables) {
        expect(squash(table.querySelector('caption')?.textContent)).not.toBe('');
        for (const th of table.querySelectorAll('th')) expect(['col', 'row']).toContain(th.getAttribute('scope'));
      }
    }
  });

  it('puts each answer under the form’s own question, options as the form wrote them', () => {
    const personal = stepSection(frDoc, fr.Intake.steps.personalInformation.title);
    const fields = fr.Intake.fields;
    expect(answerTo(personal, fields.personalInformation.sex.label)).toBe('Féminin');
    expect(answerTo(personal, fields.personalInformation.dateOfBirth.label)).toBe('12 avril 1988');
    expect(answerTo(personal, fields.personalInformation.shiftWork.label)).toBe('Oui');
    const household = [...personal.querySelectorAll('dt')].find((dt) => dt.textContent === fields.personalInformation.household.label);
    expect([...household!.nextElementSibling!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Conjoint ou conjointe', 'Enfants']);
    const activity = stepSection(frDoc, fr.Intake.steps.physicalActivity.title);
    expect(answerTo(activity, fields.physicalActivity.frequency.label)).toBe(fields.physicalActivity.frequency.options.threeToFour);
    const weight = stepSection(frDoc, fr.Intake.steps.weightHistory.title);
    expect(answerTo(weight, fields.weightHistory.currentWeight.label)).toBe(`72,5 kg`);
    expect(answerTo(weight, fields.weightHistory.highestWeight.label)).toBe('Préfère ne pas répondre');
    const fluids = stepSection(frDoc, fr.Intake.steps.fluidIntake.title);
    expect(answerTo(fluids, fields.fluidIntake.water.label)).toBe('6 tasses par jour');

    // No option is shown by its code.
    const answers = [...frDoc.querySelectorAll('#intake-forms ~ article dd, section.step dd, section.step td')].map((cell) => squash(cell.textContent));
    for (const code of ['female', 'partner', 'threeToFour', 'lactoseFree', 'prediabetes', 'metric', 'physician', 'shared', 'monthly']) {
      expect(answers).not.toContain(code);
    }
    expect(frDoc.body.textContent).not.toMatch(/\b(threeToFour|lactoseFree|prediabetes|preferNot|upAndDown)\b/);

    // Repeatable rows are a table under the question, their options by their texts.
    const journal = [...frDoc.querySelectorAll('table')].find((table) => squash(table.caption?.textContent) === fields.foodJournal.entries.label)!;
    expect(squash(journal.querySelector('tbody tr')?.textContent)).toContain(fields.foodJournal.entries.columns.place.options.home);
    expect(squash(journal.querySelector('tbody tr')?.textContent)).toContain(`7${NBSP}h${NBSP}00`);
  });

  it('shows only the questions the form showed, with the reasons by their names', () => {
    const fields = fr.Intake.fields;
    // Shown: "other" was ticked, and the patient is pregnant.
    expect(answerTo(frDoc, fields.medicalInfo.otherConditions.label)).toBe('Migraines');
    expect(answerTo(frDoc, fields.medicalInfo.pregnancyWeeks.label)).toBe('14');
    // Hidden: no eating disorder history was said, no other restriction was ticked.
    expect(answerTo(frDoc, fields.psychosocial2.eatingDisorderDetails.label)).toBeNull();
    expect(answerTo(frDoc, fields.dietaryPatterns2.otherRestrictions.label)).toBeNull();
    const objective = stepSection(frDoc, fr.Intake.steps.objective.title);
    expect(answerTo(objective, fields.objective.reasons.label)).toBe('Gestion du poidsDiabète');
    // The other objective questions are there.
    expect(answerTo(objective, fields.objective.goals.label)).toBe('More energy during night shifts.');
    expect(answerTo(objective, fields.objective.referralSource.label)).toBe(fields.objective.referralSource.options.physician);
    expect(answerTo(objective, fields.objective.readiness.label)).toBe('8 / 10');
  });

  it('writes the unfinished draft the same way, as typed', () => {
    const draft = frDoc.getElementById('intake-draft')!.parentElement!;
    expect(answerTo(draft, fr.Intake.fields.personalInformation.sex.label)).toBe('Masculin');
    expect(answerTo(draft, fr.Intake.fields.personalInformation.householdSize.label)).toBe('3');
    expect(draft.querySelectorAll('h3')).toHaveLength(1);
  });

  it('writes dates, times and money as each language does, on the clinic’s clock', () => {
    const frHeadings = [...frDoc.querySelectorAll('#appointments ~ article h3')].map((h3) => h3.textContent);
    expect(frHeadings[0]).toBe(`jeudi 26 novembre 2026, 9${NBSP}h${NBSP}45\u2009–\u200910${NBSP}h${NBSP}35${NBSP}: Consultation de suivi`);
    // A group seat is named by its topic; 18:00 in Ottawa is 23:00 UTC.
    expect(frHeadings[1]).toContain(`18${NBSP}h${NBSP}00`);
    expect(frHeadings[1]).toContain('Cuisiner pour la santé du cœur');
    const enHeadings = [...enDoc.querySelectorAll('#appointments ~ article h3')].map((h3) => h3.textContent);
    expect(enHeadings[0]).toBe('Thursday, November 26, 2026, 9:45\u2009–\u200910:35 a.m.: Follow-up consultation');

    const visit = frDoc.querySelector('#appointments ~ article')!;
    expect(answerTo(visit, fr.DataExport.summary.appointment.total)).toBe(`120,00${NBSP}$`);
    expect(answerTo(visit, fr.DataExport.summary.appointment.status)).toBe('Terminé');
    expect(linesOf(visit, fr.DataExport.summary.appointment.place)).toEqual(['Centre-ville', '180, rue Metcalfe, bureau 504', 'Ottawa (Ontario) K2P 1P5']);
    expect(answerTo(enDoc.querySelector('#appointments ~ article')!, en.DataExport.summary.appointment.total)).toBe('$120.00');
    expect(answerTo(frDoc, fr.DataExport.summary.account.createdAt)).toBe(`10 janvier 2025 à 9${NBSP}h${NBSP}00`);
    expect(linesOf(frDoc, fr.DataExport.summary.account.address)).toEqual(['120 Rideau Street', 'Ottawa (Ontario) K1N-5X6', 'Canada']);
    expect(linesOf(enDoc, en.DataExport.summary.account.address)).toEqual(['120 Rideau Street', 'Ottawa, Ontario K1N-5X6', 'Canada']);

    // The receipt points to its PDF in the ZIP.
    const link = frDoc.querySelector('a[href="receipts/recu-R-2026-000042.pdf"]');
    expect(link?.textContent).toBe('receipts/recu-R-2026-000042.pdf');
    expect(frDoc.body.textContent).toContain('Consultation de suivi, 26 novembre 2026 (nº 42)');
  });

  it('escapes everything people typed', () => {
    expect(frHtml).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; bye');
    expect(frHtml).toContain('Tremblay &amp; &lt;Fils&gt;');
    expect(frHtml).toContain('I use a &lt;b&gt;wheelchair&lt;/b&gt;.');
    expect(frDoc.querySelectorAll('script, b')).toHaveLength(0);
    expect(answerTo(frDoc, fr.DataExport.summary.contactMessage.message)).toBe('Hello <script>alert("x")</script> & bye');
  });

  it('names a guest by the address asked about, with each contact given when booking', () => {
    const data = emptyGuestExport();
    data.guest!.contacts = [
      {
        first_name: 'Zoé',
        last_name: 'Roy',
        email: 'guest@example.com',
        phone: null,
        address: { street_number: '2', street_name: 'Main St', unit_number: '5', city: 'Gatineau', province: 'QC', country: 'CA', postal_code: 'J8X 1A1' },
      },
    ];
    const doc = parse(renderSummaryHtml(dataExportSchema.parse(data), 'fr'));
    const table = doc.querySelector<HTMLTableElement>('#account ~ .scroll table')!;
    expect(squash(table.caption?.textContent)).toBe(fr.DataExport.summary.guest.contacts);
    const cells = [...table.querySelectorAll('tbody th, tbody td')].map((cell) => cell.innerHTML);
    expect(cells).toEqual(['Zoé Roy', 'guest@example.com', `<span class="muted">${fr.DataExport.summary.notGiven}</span>`, '2 Main St, Unité 5<br>Gatineau (Québec) J8X-1A1<br>Canada']);
  });

  it('says "none" for each empty part', () => {
    for (const [locale, messages] of [['en', en], ['fr', fr]] as const) {
      const doc = parse(renderSummaryHtml(emptyGuestExport(), locale));
      const sections = [...doc.querySelectorAll('main > section')];
      expect(sections).toHaveLength(17);
      // The first is who the guest is: the address asked about, and no contact table.
      expect(answerTo(sections[0]!, messages.DataExport.summary.guest.email)).toBe('guest@example.com');
      expect(answerTo(sections[0]!, messages.DataExport.summary.guest.contacts)).toBe(messages.DataExport.summary.none);
      for (const section of sections.slice(1)) {
        expect(squash(section.querySelector('h2 + p')?.textContent), section.id).toBe(messages.DataExport.summary.none);
      }
      expect(doc.querySelectorAll('table')).toHaveLength(0);
    }
  });
});
