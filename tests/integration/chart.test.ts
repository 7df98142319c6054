import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as sharedRoute } from '@/app/api/account/chart/route';
import { POST as addendumRoute } from '@/app/api/clinic/chart-entries/[id]/addenda/route';
import { POST as strikeRoute } from '@/app/api/clinic/chart-entries/[id]/entered-in-error/route';
import { DELETE as deleteRoute, GET as entryRoute, PUT as saveRoute } from '@/app/api/clinic/chart-entries/[id]/route';
import { PUT as sharingRoute } from '@/app/api/clinic/chart-entries/[id]/sharing/route';
import { POST as signRoute } from '@/app/api/clinic/chart-entries/[id]/sign/route';
import { GET as notesRoute } from '@/app/api/clinic/notes-to-sign/route';
import { GET as pdfRoute } from '@/app/api/clinic/patients/[id]/chart-pdf/route';
import { GET as chartRoute, POST as newRoute } from '@/app/api/clinic/patients/[id]/chart/route';
import { PATCH as handleRequestRoute } from '@/app/api/clinic/records-requests/[id]/route';
import { POST as recordRequestRoute } from '@/app/api/clinic/records-requests/route';
import { emptyChartContent, type ChartContent, type ChartEntryView, type ChartView } from '@/lib/schemas/chart';
import { collectExport } from '@/lib/server/privacy/collect';
import { appointments, chartAccessLog, chartAddenda, chartEntries } from '@/lib/server/db/schema';
import { DEMO_DIETITIAN } from '@/lib/server/db/seed';
import { localDateOf } from '@/lib/format/dates';
import { demoClinic } from './support/clinic';
import { call, callResponse } from './support/http';
import { pdfText } from './support/pdf';

/**
 * The clinical record (issue #40) through its route handlers, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: who may read a chart (the circle of care, a narrowed entry, another employee, a
 * patient), drafts saved over their version (two saves of one version: one 409), signing and the
 * lock in the API and in the database, addenda under an unchanged original, "entered in error",
 * the read audit, the patient's copy and export, the PDF's text, and a correction request closed
 * in the chart.
 */

const clinic = demoClinic('chart');
const HOUR = 3_600_000;
const ids = { admin: 0, sophie: 0, marc: 0, patient: 0, visit: 0, lateVisit: 0 };
const cookies = { admin: '', sophie: '', marc: '', patient: '' };

type Cookie = string | undefined;
const withId = <H extends (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>>(handler: H, id: string) =>
  ((request: Request) => handler(request, { params: Promise.resolve({ id }) })) as never;

const chartOf = (cookie: Cookie, patientId = ids.patient, locale: 'en' | 'fr' = 'en') =>
  call(withId(chartRoute, String(patientId)), `/api/clinic/patients/${patientId}/chart`, { cookie, locale });
const newEntry = (cookie: Cookie, body: unknown, patientId = ids.patient) =>
  call(withId(newRoute, String(patientId)), `/api/clinic/patients/${patientId}/chart`, { cookie, body });
const readEntry = (cookie: Cookie, id: string) => call(withId(entryRoute, id), `/api/clinic/chart-entries/${id}`, { cookie });
const save = (cookie: Cookie, id: string, body: unknown) => call(withId(saveRoute, id), `/api/clinic/chart-entries/${id}`, { cookie, body, method: 'PUT' });
const remove = (cookie: Cookie, id: string) => call(withId(deleteRoute, id), `/api/clinic/chart-entries/${id}`, { cookie, method: 'DELETE' });
const sign = (cookie: Cookie, id: string, version: number) => call(withId(signRoute, id), `/api/clinic/chart-entries/${id}/sign`, { cookie, body: { version } });
const amend = (cookie: Cookie, id: string, body: unknown) => call(withId(addendumRoute, id), `/api/clinic/chart-entries/${id}/addenda`, { cookie, body });
const strike = (cookie: Cookie, id: string, reason: string) => call(withId(strikeRoute, id), `/api/clinic/chart-entries/${id}/entered-in-error`, { cookie, body: { reason } });
const share = (cookie: Cookie, id: string, shared: boolean) => call(withId(sharingRoute, id), `/api/clinic/chart-entries/${id}/sharing`, { cookie, body: { shared }, method: 'PUT' });
const entryOf = (res: { json: Record<string, unknown> }) => res.json.entry as ChartEntryView;
const readsOf = async (patientId = ids.patient) => clinic.db.select().from(chartAccessLog).where(eq(chartAccessLog.patientId, patientId));

function content(patch: Partial<ChartContent>): ChartContent {
  return { ...emptyChartContent(), ...patch };
}

async function visit(employeeId: number, startsAt: Date, status: 'completed' | 'booked' = 'completed'): Promise<number> {
  const endsAt = new Date(startsAt.getTime() + 50 * 60_000);
  const [row] = await clinic.db
    .insert(appointments)
    .values({
      patientId: ids.patient,
      employeeId,
      serviceId: clinic.catalog.serviceId['nutrition-evaluation']!,
      officeId: clinic.catalog.officeId.centretown!,
      startsAt,
      endsAt,
      blockedUntil: new Date(endsAt.getTime() + 10 * 60_000),
      sessionLanguage: 'fr',
      reasons: [clinic.catalog.skillId.diabetes!],
      status,
      priceCents: 13500,
      taxCents: 0,
      totalCents: 13500,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

/** A signed ADIME entry of Sophie's for the visit, with a weight, a height and a PES statement. */
async function signedAssessment(): Promise<ChartEntryView> {
  const draft = entryOf(await newEntry(cookies.sophie, { appointment_id: ids.visit }));
  const saved = await save(cookies.sophie, draft.id, {
    version: draft.version,
    privacy: 'circle',
    content: content({
      weight_kg: 82.5,
      height_cm: 170,
      assessment: 'Apport en fibres faible, repas sautés le midi.',
      diagnoses: [{ problem: 'Apport insuffisant en fibres', etiology: 'manque de temps pour cuisiner', signs: 'rappel de 24 h à 12 g par jour' }],
      goals: [{ goal: 'Manger 25 g de fibres par jour', target: '25 g', status: 'new' }],
    }),
  });
  expect(saved.status).toBe(200);
  const signed = await sign(cookies.sophie, draft.id, entryOf(saved).version);
  expect(signed.status).toBe(200);
  return entryOf(signed);
}

beforeAll(async () => {
  await clinic.open();
  ids.admin = await clinic.userId(DEMO_DIETITIAN.email);
  ids.sophie = await clinic.userId('sophie.tremblay@demo.equilibrenutrition.ca');
  ids.marc = await clinic.userId('marc-andre.gagnon@demo.equilibrenutrition.ca');
  ids.patient = await clinic.addPatientB();
  for (const who of ['admin', 'sophie', 'marc', 'patient'] as const) cookies[who] = await clinic.cookieFor(ids[who]);
  ids.visit = await visit(ids.sophie, new Date(Date.now() - 2 * HOUR));
}, 120_000);
afterAll(() => clinic.close());

describe('who may read a chart', () => {
  it('serves the circle of care and the administrators, and refuses another employee, a patient and a visitor', async () => {
    expect((await chartOf(cookies.sophie)).status).toBe(200);
    expect((await chartOf(cookies.admin)).status).toBe(200);
    const marc = await chartOf(cookies.marc, ids.patient, 'fr');
    expect(marc.status).toBe(403);
    expect(JSON.stringify(marc.json)).toContain('cercle de soins');
    expect((await chartOf(cookies.patient)).status).toBe(403);
    expect((await chartOf(undefined)).status).toBe(401);
    expect((await newEntry(cookies.marc, { template: 'note' })).status).toBe(403);
    // An id that names no patient, or is no id at all: 404, never a database error.
    expect((await chartOf(cookies.admin, 2_147_483_647)).status).toBe(404);
    expect((await readEntry(cookies.admin, 'not-a-uuid')).status).toBe(404);
  });

  it('keeps an entry narrowed to "only me and the administrators" from the rest of the circle', async () => {
    await visit(ids.marc, new Date(Date.now() - 30 * 24 * HOUR)); // Marc joins the circle
    const draft = entryOf(await newEntry(cookies.sophie, { template: 'note' }));
    const saved = entryOf(await save(cookies.sophie, draft.id, { version: draft.version, privacy: 'private', content: content({ subject: 'Appel', note: 'NOTE-PRIVEE' }) }));
    await sign(cookies.sophie, draft.id, saved.version);

    expect((await readEntry(cookies.marc, draft.id)).status).toBe(403);
    const marcChart = (await chartOf(cookies.marc)).json.chart as ChartView;
    expect(JSON.stringify(marcChart)).not.toContain('NOTE-PRIVEE');
    expect(marcChart.private_count).toBe(1);
    expect((await readEntry(cookies.admin, draft.id)).status).toBe(200);
    expect((await readEntry(cookies.sophie, draft.id)).status).toBe(200);
    expect((await readEntry(cookies.patient, draft.id)).status).toBe(403);
  });
});

describe('drafts, signatures and addenda', () => {
  it('saves a draft over its version: of two saves of one version, one succeeds and the other gets 409 with the newer entry', async () => {
    const draft = entryOf(await newEntry(cookies.sophie, { template: 'follow_up' }));
    const [first, second] = await Promise.all([
      save(cookies.sophie, draft.id, { version: draft.version, privacy: 'circle', content: content({ note: 'ONGLET-UN' }) }),
      save(cookies.sophie, draft.id, { version: draft.version, privacy: 'circle', content: content({ note: 'ONGLET-DEUX' }) }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    const winner = first.status === 200 ? first : second;
    expect(entryOf(loser).content.note).toBe(entryOf(winner).content.note);
    expect(entryOf(loser).version).toBe(draft.version + 1);
    // Only the author writes in her draft.
    expect((await save(cookies.admin, draft.id, { version: draft.version + 1, privacy: 'circle', content: content({}) })).status).toBe(403);
    expect((await remove(cookies.sophie, draft.id)).status).toBe(200);
    expect((await readEntry(cookies.sophie, draft.id)).status).toBe(404);
  });

  it('refuses to change or delete a signed entry, in the API and in the database', async () => {
    const entry = await signedAssessment();
    expect(entry.signed_at).not.toBeNull();
    expect(entry.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.bmi).toBe(28.5);
    expect((await save(cookies.sophie, entry.id, { version: entry.version, privacy: 'circle', content: content({ note: 'changed' }) })).status).toBe(409);
    expect((await remove(cookies.sophie, entry.id)).status).toBe(409);
    expect((await sign(cookies.sophie, entry.id, entry.version)).status).toBe(409);

    const where = eq(chartEntries.publicId, entry.id);
    await expect(clinic.db.update(chartEntries).set({ content: 'v1.tampered' }).where(where)).rejects.toThrow();
    await expect(clinic.db.update(chartEntries).set({ signedAt: new Date() }).where(where)).rejects.toThrow();
    await expect(clinic.db.delete(chartEntries).where(where)).rejects.toThrow();
    const [row] = await clinic.db.select().from(chartEntries).where(where);
    expect(row!.contentHash).toBe(entry.content_hash);
  });

  it('adds an addendum under the entry and keeps the original as it was signed', async () => {
    const [row] = await clinic.db.select().from(chartEntries).where(eq(chartEntries.appointmentId, ids.visit));
    const before = entryOf(await readEntry(cookies.sophie, row!.publicId));
    const res = await amend(cookies.admin, before.id, { reason: 'Erreur de transcription', text: 'Le rappel de 24 h indiquait 14 g, non 12 g.' });
    expect(res.status).toBe(201);
    const after = entryOf(res);
    expect(after.content).toEqual(before.content);
    expect(after.content_hash).toBe(before.content_hash);
    expect(after.addenda).toEqual([expect.objectContaining({ kind: 'correction', reason: 'Erreur de transcription', text: 'Le rappel de 24 h indiquait 14 g, non 12 g.' })]);
    // An addendum never changes either.
    await expect(clinic.db.update(chartAddenda).set({ content: 'v1.x' })).rejects.toThrow();
    await expect(clinic.db.delete(chartAddenda)).rejects.toThrow();
    // A draft takes no addendum: it is still changed directly.
    const draft = entryOf(await newEntry(cookies.sophie, { template: 'note' }));
    expect((await amend(cookies.sophie, draft.id, { reason: 'r', text: 't' })).status).toBe(409);
    await remove(cookies.sophie, draft.id);
  });

  it('marks a late entry, and strikes an entry entered in error without losing it', async () => {
    ids.lateVisit = await visit(ids.sophie, new Date(Date.now() - 72 * HOUR));
    const draft = entryOf(await newEntry(cookies.sophie, { appointment_id: ids.lateVisit }));
    expect(draft.template).toBe('adime'); // the service's template
    const saved = entryOf(await save(cookies.sophie, draft.id, { version: draft.version, privacy: 'circle', content: content({ weight_kg: 80, note: 'NOTE-TARDIVE' }) }));
    const late = entryOf(await sign(cookies.sophie, draft.id, saved.version));
    expect(late.late).toBe(true);

    expect((await strike(cookies.marc, late.id, 'wrong')).status).toBe(403); // neither author nor administrator
    const struck = await strike(cookies.sophie, late.id, 'Mauvais patient');
    expect(struck.status).toBe(200);
    expect(entryOf(struck).error).toEqual(expect.objectContaining({ reason: 'Mauvais patient' }));
    expect(entryOf(struck).content.note).toBe('NOTE-TARDIVE');
    // The full chart keeps it; the progress leaves its weight out; the visit needs a note again.
    const chart = (await chartOf(cookies.sophie)).json.chart as ChartView;
    expect(chart.entries.find((e) => e.id === late.id)?.error?.reason).toBe('Mauvais patient');
    expect(chart.progress.points.map((p) => p.weight_kg)).toEqual([82.5]);
    expect(chart.unnoted_visits.map((v) => v.id)).toContain(ids.lateVisit);
    expect((await strike(cookies.sophie, late.id, 'again')).status).toBe(409);
  });

  it('counts the employee’s notes to sign: her drafts and her past visits without a note', async () => {
    const before = (await call(notesRoute, '/api/clinic/notes-to-sign', { cookie: cookies.sophie })).json;
    const draft = entryOf(await newEntry(cookies.sophie, { template: 'note' }));
    const after = (await call(notesRoute, '/api/clinic/notes-to-sign', { cookie: cookies.sophie })).json;
    expect(after.drafts).toBe((before.drafts as number) + 1);
    expect(after.missing).toBeGreaterThanOrEqual(1); // the struck late visit
    await remove(cookies.sophie, draft.id);
    expect((await call(notesRoute, '/api/clinic/notes-to-sign', { cookie: cookies.patient })).status).toBe(403);
  });
});

describe('the read audit and the patient’s side', () => {
  it('writes one audit row per read of the chart, of an entry and of the PDF', async () => {
    const [row] = await clinic.db.select().from(chartEntries).where(and(eq(chartEntries.appointmentId, ids.visit)));
    const before = (await readsOf()).length;
    await chartOf(cookies.admin);
    await readEntry(cookies.sophie, row!.publicId);
    const pdf = await callResponse(withId(pdfRoute, String(ids.patient)), `/api/clinic/patients/${ids.patient}/chart-pdf?language=fr`, { cookie: cookies.sophie });
    expect(pdf.status).toBe(200);
    const reads = (await readsOf()).slice(before);
    expect(reads.map((r) => [r.readerUserId, r.what])).toEqual([
      [ids.admin, 'chart'],
      [ids.sophie, 'entry'],
      [ids.sophie, 'pdf'],
    ]);
    expect(reads[1]!.entryId).toBe(row!.id);
    // A refused read is no read.
    await chartOf(cookies.patient);
    await chartOf(undefined);
    expect((await readsOf()).length).toBe(before + 3);
  });

  it('prints the chart with its entries, addenda and late-entry mark, in the chosen language', async () => {
    const res = await callResponse(withId(pdfRoute, String(ids.patient)), `/api/clinic/patients/${ids.patient}/chart-pdf?language=fr`, { cookie: cookies.admin });
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const text = pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain('Évaluation initiale (ADIME)');
    expect(text).toContain('Apport insuffisant en fibres lié à manque de temps pour cuisiner tel que démontré par rappel de 24 h à 12 g par jour');
    expect(text).toContain('Le rappel de 24 h indiquait 14 g, non 12 g.');
    expect(text).toContain('Inscription tardive');
    expect(text).toContain('Inscrite par erreur');
    expect(text).toContain('Béa B');
    const english = await callResponse(withId(pdfRoute, String(ids.patient)), `/api/clinic/patients/${ids.patient}/chart-pdf?language=en`, { cookie: cookies.admin });
    expect(pdfText(new Uint8Array(await english.arrayBuffer()))).toContain('Late entry');
    const bad = await call(withId(pdfRoute, String(ids.patient)), `/api/clinic/patients/${ids.patient}/chart-pdf?language=de`, { cookie: cookies.admin });
    expect(bad.status).toBe(400);
  });

  it('shows the patient only the signed entries shared with them', async () => {
    const [row] = await clinic.db.select().from(chartEntries).where(eq(chartEntries.appointmentId, ids.visit));
    const mine = async () => (await call(sharedRoute, '/api/account/chart', { cookie: cookies.patient })).json.entries as { id: string }[];
    expect(await mine()).toEqual([]);
    expect((await share(cookies.sophie, row!.publicId, true)).status).toBe(200);
    expect((await mine()).map((e) => e.id)).toEqual([row!.publicId]);
    expect((await share(cookies.marc, row!.publicId, false)).status).toBe(403);
  });

  it('exports the signed entries, their addenda and the read audit, and no draft', async () => {
    const draft = entryOf(await newEntry(cookies.sophie, { template: 'note' }));
    await save(cookies.sophie, draft.id, { version: draft.version, privacy: 'circle', content: content({ note: 'BROUILLON-SECRET' }) });
    const { data } = await collectExport(clinic.db, { kind: 'patient', patientId: ids.patient }, { locale: 'fr', now: new Date() });
    const json = JSON.stringify(data);
    expect(json).not.toContain('BROUILLON-SECRET');
    expect(data.chart_drafts_withheld).toBe(1);
    const assessment = data.chart_entries.find((e) => e.template === 'adime' && e.entered_in_error === null)!;
    expect(assessment.content.diagnoses[0]!.problem).toBe('Apport insuffisant en fibres');
    expect(assessment.addenda[0]!.text).toBe('Le rappel de 24 h indiquait 14 g, non 12 g.');
    expect(assessment.shared_with_you).toBe(true);
    expect(data.chart_access.length).toBe((await readsOf()).length);
    expect(data.chart_access).toContainEqual(expect.objectContaining({ what: 'pdf', reader: { first_name: 'Sophie', last_name: 'Tremblay' } }));
    await remove(cookies.sophie, draft.id);
  });

  it('closes a correction request with an addendum, or with the patient’s statement of disagreement', async () => {
    const [row] = await clinic.db.select().from(chartEntries).where(eq(chartEntries.appointmentId, ids.visit));
    const record = async () => {
      const res = await call(recordRequestRoute, '/api/clinic/records-requests', {
        cookie: cookies.admin,
        body: { kind: 'correction', patient_id: ids.patient, received_on: localDateOf(new Date()), details: 'Je mange plus de fibres.' },
      });
      expect(res.status).toBe(201);
      return (res.json.request as { id: string }).id;
    };
    const handle = (id: string, body: unknown) =>
      call(withId(handleRequestRoute, id), `/api/clinic/records-requests/${id}`, { cookie: cookies.admin, body, method: 'PATCH' });

    const refused = await handle(await record(), {
      status: 'refused',
      outcome: 'Le rappel a été vérifié avec la patiente.',
      chart: { entry_id: row!.publicId, text: 'Je maintiens que je mange des céréales riches en fibres chaque matin.' },
    });
    expect(refused.status).toBe(200);
    const completed = await handle(await record(), { status: 'completed', outcome: 'Correction faite.', chart: { entry_id: row!.publicId, text: 'Céréales riches en fibres le matin.' } });
    expect(completed.status).toBe(200);
    const entry = entryOf(await readEntry(cookies.admin, row!.publicId));
    expect(entry.addenda.map((a) => [a.kind, a.text])).toEqual([
      ['correction', 'Le rappel de 24 h indiquait 14 g, non 12 g.'],
      ['disagreement', 'Je maintiens que je mange des céréales riches en fibres chaque matin.'],
      ['correction', 'Céréales riches en fibres le matin.'],
    ]);
    // An entry of another patient is no entry of this request: nothing is written, the request stays open.
    const other = await handle(await record(), { status: 'completed', outcome: 'x', chart: { entry_id: '00000000-0000-4000-8000-000000000000', text: 'x' } });
    expect(other.status).toBe(400);
    const [{ n }] = (await clinic.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM chart_addenda`)).rows as [{ n: number }];
    expect(n).toBe(3);
  });
});
