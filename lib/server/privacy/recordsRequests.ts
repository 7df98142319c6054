import 'server-only';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { localDateOf } from '@/lib/format/dates';
import { fullName } from '@/lib/format/personName';
import {
  RECORDS_REQUEST_DAYS,
  receivedOnProblem,
  type RecordsRequestInput,
  type RecordsRequestOutcome,
  type RecordsRequestPatient,
  type RecordsRequestView,
} from '@/lib/schemas/recordsRequests';
import { addDays, daysBetween } from '@/lib/server/booking/clinicTime';
import { addAddendum } from '@/lib/server/chart/entries';
import { MAX_PATIENT_RESULTS, patientMatches } from '@/lib/server/booking/patients';
import { getConfig } from '@/lib/server/config';
import type { Database } from '@/lib/server/db/client';
import { chartEntries, recordsRequests, users, type RecordsRequest } from '@/lib/server/db/schema';
import { AppError, fieldInvalid } from '@/lib/server/http/appError';
import { recordAudit, type RecordSubject } from './audit';

/**
 * The administrators' records requests (issue #30 item 5): access to a record (PHIPA s. 54) or
 * its correction (s. 55), asked of the clinic by phone, letter or in person, due 30 days after it
 * was received. Recording a request and handling it each write one audit entry, naming the kind
 * and status only: `details` (what a correction asks) and `outcome` may be health information,
 * never logged nor audited.
 */

/** The clinic's calendar date at an instant. */
const clinicToday = (now: Date) => localDateOf(now, getConfig().clinicTimezone);

const patient = alias(users, 'patient');
const creator = alias(users, 'creator');
const handler = alias(users, 'handler');

type Row = {
  request: RecordsRequest;
  patient: { firstName: string; lastName: string; email: string; closedAt: Date | null } | null;
  creator: { firstName: string; lastName: string };
  handler: { firstName: string; lastName: string } | null;
};

function viewOf(row: Row, today: string): RecordsRequestView {
  const { request } = row;
  const open = request.status === 'open';
  return {
    id: request.publicId,
    kind: request.kind,
    person:
      request.patientId !== null && row.patient
        ? { kind: 'patient', patient_id: request.patientId, name: fullName(row.patient), email: row.patient.email, closed: row.patient.closedAt !== null }
        : { kind: 'guest', email: request.guestEmail ?? '' },
    received_on: request.receivedOn,
    due_on: request.dueOn,
    days_left: open ? daysBetween(today, request.dueOn) : null,
    status: request.status,
    outcome: request.outcome,
    details: request.details,
    created_by: fullName(row.creator),
    handled_by: row.handler ? fullName(row.handler) : null,
    handled_at: request.handledAt?.toISOString() ?? null,
  };
}

/** The requests matching `where`, open ones first by due date, then the handled ones, latest first. */
async function requestViews(db: Pick<Database, 'select'>, where: SQL | undefined, today: string): Promise<RecordsRequestView[]> {
  const rows = await db
    .select({
      request: recordsRequests,
      patient: { firstName: patient.firstName, lastName: patient.lastName, email: patient.email, closedAt: patient.closedAt },
      creator: { firstName: creator.firstName, lastName: creator.lastName },
      handler: { firstName: handler.firstName, lastName: handler.lastName },
    })
    .from(recordsRequests)
    .leftJoin(patient, eq(patient.id, recordsRequests.patientId))
    .innerJoin(creator, eq(creator.id, recordsRequests.createdBy))
    .leftJoin(handler, eq(handler.id, recordsRequests.handledBy))
    .where(where)
    .orderBy(
      desc(sql`${recordsRequests.status} = 'open'`),
      asc(sql`CASE WHEN ${recordsRequests.status} = 'open' THEN ${recordsRequests.dueOn} END`),
      desc(recordsRequests.handledAt),
      asc(recordsRequests.id),
    );
  return rows.map((row) => viewOf(row, today));
}

/** GET /api/clinic/records-requests: the open requests, or all of them; days left counted from `now` on the clinic's calendar. */
export function listRecordsRequests(db: Database, input: { status: 'open' | 'all'; now: Date }): Promise<RecordsRequestView[]> {
  return requestViews(db, input.status === 'open' ? eq(recordsRequests.status, 'open') : undefined, clinicToday(input.now));
}

const subjectOf = (request: Pick<RecordsRequest, 'patientId' | 'guestEmail'>): RecordSubject =>
  request.patientId !== null ? { kind: 'patient', patientId: request.patientId } : { kind: 'guest', email: request.guestEmail ?? '' };

/** The audit entry of a request recorded or handled: which request, its kind and status, never its texts. */
function auditRequest(db: Pick<Database, 'insert'>, request: RecordsRequest, actorUserId: number) {
  return recordAudit(db, {
    action: request.kind === 'correction' ? 'correction_request' : 'records_request',
    actorUserId,
    subject: subjectOf(request),
    detail: { request: request.publicId, kind: request.kind, status: request.status },
  });
}

/**
 * POST /api/clinic/records-requests: records a request received on `received_on` (not after the
 * clinic's today, nor more than a year before), due 30 days later. A patient account may be
 * closed (its record is what is asked for); an id that names no patient is a field error.
 */
export async function recordRecordsRequest(
  db: Database,
  input: RecordsRequestInput,
  actor: { id: number },
  options: { now: Date },
): Promise<RecordsRequestView> {
  const today = clinicToday(options.now);
  const dateProblem = receivedOnProblem(input.received_on, today);
  if (dateProblem) throw fieldInvalid('received_on', dateProblem);
  return db.transaction(async (tx) => {
    if (input.patient_id !== undefined) {
      const [found] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.patient_id), eq(users.isPatient, true)));
      if (!found) throw fieldInvalid('patient_id', 'recordsPatientNotFound');
    }
    const [request] = await tx
      .insert(recordsRequests)
      .values({
        kind: input.kind,
        patientId: input.patient_id ?? null,
        guestEmail: input.guest_email ?? null,
        receivedOn: input.received_on,
        dueOn: addDays(input.received_on, RECORDS_REQUEST_DAYS),
        details: input.details ?? null,
        createdBy: actor.id,
      })
      .returning();
    await auditRequest(tx, request!, actor.id);
    const [view] = await requestViews(tx, eq(recordsRequests.id, request!.id), today);
    return view!;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('records_request_not_found', 404, 'recordsRequestNotFound');

/**
 * PATCH /api/clinic/records-requests/<id>: completes or refuses an open request, with what was
 * done (required for a refusal, and for a correction: the correction made or why not). A request
 * is handled once: 409 after that, also for a second administrator a moment later (the row is
 * locked while it is checked and written).
 */
/**
 * The correction request's end in the chart: the addendum that makes the correction, or the
 * patient's statement of disagreement, under one of the patient's signed entries; in the
 * transaction that closes the request, so neither is left without the other.
 */
async function closeInChart(tx: Database, request: RecordsRequest, outcome: RecordsRequestOutcome, actor: { id: number; isAdmin: boolean }, now: Date) {
  const chart = outcome.chart!;
  if (request.kind !== 'correction' || request.patientId === null) throw fieldInvalid('chart', 'recordsCorrectionNotCorrection');
  const [entry] = await tx
    .select({ id: chartEntries.id })
    .from(chartEntries)
    .where(and(eq(chartEntries.publicId, chart.entry_id), eq(chartEntries.patientId, request.patientId)));
  if (!entry) throw fieldInvalid('chart.entry_id', 'chartEntryRequired');
  const kind = outcome.status === 'completed' ? 'correction' : 'disagreement';
  const reason = outcome.outcome ?? '';
  await addAddendum(tx, { publicId: chart.entry_id, body: { reason, text: chart.text }, author: actor, kind, recordsRequestId: request.id, now });
}

export async function handleRecordsRequest(
  db: Database,
  input: { id: string; outcome: RecordsRequestOutcome },
  actor: { id: number; isAdmin: boolean },
  options: { now: Date },
): Promise<RecordsRequestView> {
  if (!UUID.test(input.id)) throw notFound();
  const { status, outcome } = input.outcome;
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(recordsRequests).where(eq(recordsRequests.publicId, input.id.toLowerCase())).for('update');
    if (!request) throw notFound();
    if (request.status !== 'open') throw new AppError('records_request_handled', 409, 'recordsRequestHandled');
    if (request.kind === 'correction' && outcome === undefined) throw fieldInvalid('outcome', 'recordsOutcomeRequired');
    if (input.outcome.chart) await closeInChart(tx, request, input.outcome, actor, options.now);
    const [handled] = await tx
      .update(recordsRequests)
      .set({ status, outcome: outcome ?? null, handledBy: actor.id, handledAt: options.now })
      .where(eq(recordsRequests.id, request.id))
      .returning();
    await auditRequest(tx, handled!, actor.id);
    const [view] = await requestViews(tx, eq(recordsRequests.id, request.id), clinicToday(options.now));
    return view!;
  });
}

/**
 * GET /api/clinic/records-requests/people?search=: the patients a request may be about, closed
 * accounts included (so the clinic finds an old record), by name, e-mail or phone, at most 20.
 * The term is personal data: never logged.
 */
export async function findRequestPatients(db: Database, term: string): Promise<RecordsRequestPatient[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, closedAt: users.closedAt })
    .from(users)
    .where(and(eq(users.isPatient, true), patientMatches(term)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(MAX_PATIENT_RESULTS);
  return rows.map((row) => ({ id: row.id, name: fullName(row), email: row.email, closed: row.closedAt !== null }));
}
