import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/routing';
import {
  emptyChartContent,
  type ChartAddendumInput,
  type ChartContent,
  type ChartEntryView,
  type NewChartEntry,
  type SaveChartEntry,
} from '@/lib/schemas/chart';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { appointments, chartAddenda, chartEntries, services } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { chartEntryNotFound, recordChartRead, requireCircleOfCare, requireEntryReader } from './access';
import { openContent, sealAddendum, sealContent, signatureHash } from './content';
import { bmiByEntry, entryView, loadEntries } from './views';

/**
 * Writing the chart (issue #40 items 1 to 3): a draft per visit or seat or on its own, saved over
 * its version (a save of an older version is refused with the newer one, so two tabs never
 * overwrite each other silently), signed once, then only amended by addenda or struck as entered
 * in error. Only a draft's author edits, signs or deletes it.
 */

type Reader = Pick<User, 'id' | 'isAdmin'>;

const uuid = z.uuid();
const signedRefusal = () => new AppError('conflict', 409, 'chartEntrySigned');
const notAuthor = () => new AppError('forbidden', 403, 'chartNotAuthor');

/** The entry row of a public id from the address; a malformed id names no entry. */
async function entryRow(db: Database, publicId: string) {
  if (!uuid.safeParse(publicId).success) throw chartEntryNotFound();
  const [row] = await db.select().from(chartEntries).where(eq(chartEntries.publicId, publicId));
  if (!row) throw chartEntryNotFound();
  return row;
}

/** One entry's view: the whole list of the patient's entries is not needed, only the heights before it. */
async function viewOf(db: Database, publicId: string, reader: Reader, locale: Locale): Promise<ChartEntryView> {
  const row = await entryRow(db, publicId);
  const entries = await loadEntries(db, and(eq(chartEntries.patientId, row.patientId), isNull(chartEntries.errorAt))!, locale);
  const own = entries.find((entry) => entry.row.id === row.id) ?? (await loadEntries(db, eq(chartEntries.id, row.id), locale))[0];
  if (!own) throw chartEntryNotFound();
  return entryView(own, bmiByEntry(entries).get(row.id) ?? null, reader);
}

/** GET …/chart-entries/<id>: one entry, for a reader of the patient's circle who may read it; audited. */
export async function readEntry(db: Database, publicId: string, reader: Reader, locale: Locale): Promise<ChartEntryView> {
  const row = await entryRow(db, publicId);
  await requireCircleOfCare(db, reader, row.patientId);
  requireEntryReader(reader, row);
  await recordChartRead(db, { readerId: reader.id, patientId: row.patientId, what: 'entry', entryId: row.id });
  return viewOf(db, publicId, reader, locale);
}

/**
 * What a new entry starts from: the goals of the patient's latest signed entry (their statuses to
 * be updated at this visit) and the latest height, as a dietitian carries them from visit to visit.
 */
async function startingContent(db: Database, patientId: number): Promise<ChartContent> {
  const content = emptyChartContent();
  const recent = await db
    .select({ publicId: chartEntries.publicId, content: chartEntries.content })
    .from(chartEntries)
    .where(and(eq(chartEntries.patientId, patientId), isNotNull(chartEntries.signedAt), isNull(chartEntries.errorAt)))
    .orderBy(desc(chartEntries.occurredAt), desc(chartEntries.id))
    .limit(20);
  for (const row of recent) {
    const earlier = openContent(row.content, row.publicId);
    if (content.goals.length === 0 && earlier.goals.length > 0) content.goals = earlier.goals.filter((goal) => goal.status !== 'met' && goal.status !== 'stopped');
    if (content.height_cm === null && earlier.height_cm !== null) content.height_cm = earlier.height_cm;
    if (content.weight_unit === 'kg' && earlier.weight_kg !== null) content.weight_unit = earlier.weight_unit;
  }
  return content;
}

/**
 * POST …/patients/<id>/chart: a new draft by the reader. For a visit or seat, its entry: the one
 * already there (any author's, 200) or a new one from the service's template (a seat: 'group'),
 * dated at the visit. On its own, dated when given (not in the future) or now.
 */
export async function createEntry(
  db: Database,
  input: { patientId: number; body: NewChartEntry; author: Reader; now: Date; locale: Locale },
): Promise<{ entry: ChartEntryView; created: boolean }> {
  const { patientId, body, author, now, locale } = input;
  await requireCircleOfCare(db, author, patientId);
  let appointmentId: number | null = null;
  let template = body.template;
  let occurredAt = body.occurred_at ? new Date(body.occurred_at) : now;
  if (body.appointment_id !== undefined) {
    const [visit] = await db
      .select({ id: appointments.id, patientId: appointments.patientId, status: appointments.status, startsAt: appointments.startsAt, group: appointments.groupSessionId, template: services.chartTemplate })
      .from(appointments)
      .innerJoin(services, eq(services.id, appointments.serviceId))
      .where(eq(appointments.id, body.appointment_id));
    if (!visit || visit.patientId !== patientId || visit.status === 'cancelled') {
      throw new AppError('validation_error', 400, 'validationError', { fieldErrors: { appointment_id: ['chartVisitInvalid'] } });
    }
    const [existing] = await db
      .select({ publicId: chartEntries.publicId })
      .from(chartEntries)
      .where(and(eq(chartEntries.appointmentId, visit.id), isNull(chartEntries.errorAt)));
    if (existing) return { entry: await readEntry(db, existing.publicId, author, locale), created: false };
    appointmentId = visit.id;
    template ??= visit.group !== null ? 'group' : visit.template;
    occurredAt = visit.startsAt;
  } else if (occurredAt.getTime() > now.getTime() + 60_000) {
    throw new AppError('validation_error', 400, 'validationError', { fieldErrors: { occurred_at: ['chartDateFuture'] } });
  }

  const publicId = randomUUID();
  try {
    await db.insert(chartEntries).values({
      publicId,
      patientId,
      appointmentId,
      authorId: author.id,
      template: template ?? 'note',
      content: sealContent(await startingContent(db, patientId), publicId),
      occurredAt,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Two first clicks on one visit at once: the unique index keeps one entry, and both open it.
    if (appointmentId === null || !isUniqueViolation(error)) throw error;
    const [existing] = await db.select({ publicId: chartEntries.publicId }).from(chartEntries).where(and(eq(chartEntries.appointmentId, appointmentId), isNull(chartEntries.errorAt)));
    if (!existing) throw error;
    return { entry: await readEntry(db, existing.publicId, author, locale), created: false };
  }
  return { entry: await viewOf(db, publicId, author, locale), created: true };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === '23505' || (error as { code?: unknown } | null)?.code === '23505';
}

/** The draft the author may change, or why not: someone else's (403), signed (409). */
async function ownDraft(db: Database, publicId: string, author: Reader) {
  const row = await entryRow(db, publicId);
  if (row.authorId !== author.id) {
    // Another employee learns nothing of an entry outside their circle.
    await requireCircleOfCare(db, author, row.patientId);
    throw notAuthor();
  }
  if (row.signedAt !== null) throw signedRefusal();
  return row;
}

/**
 * PUT …/chart-entries/<id>: saves the draft if `version` is still the stored one, as version + 1.
 * Otherwise 409 with the newer entry, for the page to show rather than overwrite.
 */
export async function saveDraft(db: Database, input: { publicId: string; body: SaveChartEntry; author: Reader; now: Date; locale: Locale }): Promise<ChartEntryView> {
  const { publicId, body, author, now, locale } = input;
  const row = await ownDraft(db, publicId, author);
  const [saved] = await db
    .update(chartEntries)
    .set({ content: sealContent(body.content, publicId), privacy: body.privacy, version: body.version + 1, updatedAt: now })
    .where(and(eq(chartEntries.id, row.id), eq(chartEntries.version, body.version), isNull(chartEntries.signedAt)))
    .returning({ id: chartEntries.id });
  if (!saved) await refuseStale(db, publicId, author, locale);
  return viewOf(db, publicId, author, locale);
}

/** 409: signed meanwhile, or saved from elsewhere (the newer entry goes with the answer). */
async function refuseStale(db: Database, publicId: string, author: Reader, locale: Locale): Promise<never> {
  const current = await viewOf(db, publicId, author, locale);
  if (current.signed_at !== null) throw signedRefusal();
  throw new AppError('conflict', 409, 'chartVersionConflict', { extra: { entry: current } });
}

/** DELETE …/chart-entries/<id>: a draft its author no longer wants; a signed entry is never deleted (409). */
export async function deleteDraft(db: Database, publicId: string, author: Reader): Promise<void> {
  const row = await ownDraft(db, publicId, author);
  const deleted = await db
    .delete(chartEntries)
    .where(and(eq(chartEntries.id, row.id), isNull(chartEntries.signedAt)))
    .returning({ id: chartEntries.id });
  if (deleted.length === 0) throw signedRefusal();
}

/** POST …/sign: stamps the author, the time and the content's hash on the version the author read. */
export async function signEntry(db: Database, input: { publicId: string; version: number; author: Reader; now: Date; locale: Locale }): Promise<ChartEntryView> {
  const { publicId, version, author, now, locale } = input;
  const row = await ownDraft(db, publicId, author);
  if (row.version !== version) await refuseStale(db, publicId, author, locale);
  const contentHash = signatureHash({ ...row, content: openContent(row.content, row.publicId) });
  const [signed] = await db
    .update(chartEntries)
    .set({ signedAt: now, contentHash, updatedAt: now })
    .where(and(eq(chartEntries.id, row.id), eq(chartEntries.version, version), isNull(chartEntries.signedAt)))
    .returning({ id: chartEntries.id });
  if (!signed) await refuseStale(db, publicId, author, locale);
  return viewOf(db, publicId, author, locale);
}

/** A signed, live entry the reader may read: what addenda, strikes and sharing act on. */
async function signedEntry(db: Database, publicId: string, reader: Reader) {
  const row = await entryRow(db, publicId);
  await requireCircleOfCare(db, reader, row.patientId);
  requireEntryReader(reader, row);
  if (row.signedAt === null) throw new AppError('conflict', 409, 'chartEntryNotSigned');
  if (row.errorAt !== null) throw new AppError('conflict', 409, 'chartEntryStruck');
  return row;
}

/**
 * An addendum under a signed entry: a correction by anyone of the circle who may read it, or (from
 * a refused correction request) the patient's statement of disagreement. The entry stays as signed.
 */
export async function addAddendum(
  db: Pick<Database, 'insert'> & Database,
  input: { publicId: string; body: ChartAddendumInput; author: Reader; kind?: 'correction' | 'disagreement'; recordsRequestId?: number; now: Date },
): Promise<void> {
  const row = await signedEntry(db, input.publicId, input.author);
  await db.insert(chartAddenda).values({
    entryId: row.id,
    authorId: input.author.id,
    kind: input.kind ?? 'correction',
    content: sealAddendum(input.body, row.publicId),
    recordsRequestId: input.recordsRequestId ?? null,
    createdAt: input.now,
  });
}

/** POST …/entered-in-error: strikes a signed entry with a reason (its author or an administrator); it keeps its content. */
export async function strikeEntry(db: Database, input: { publicId: string; reason: string; actor: Reader; now: Date }): Promise<void> {
  const row = await signedEntry(db, input.publicId, input.actor);
  if (row.authorId !== input.actor.id && !input.actor.isAdmin) throw notAuthor();
  await db
    .update(chartEntries)
    .set({ errorAt: input.now, errorBy: input.actor.id, errorReason: input.reason, sharedAt: null, updatedAt: input.now })
    .where(and(eq(chartEntries.id, row.id), isNull(chartEntries.errorAt)));
}

/** PUT …/sharing: shows a signed entry on the patient's profile, or stops showing it (its author or an administrator). */
export async function shareEntry(db: Database, input: { publicId: string; shared: boolean; actor: Reader; now: Date }): Promise<void> {
  const row = await signedEntry(db, input.publicId, input.actor);
  if (row.authorId !== input.actor.id && !input.actor.isAdmin) throw notAuthor();
  await db
    .update(chartEntries)
    .set({ sharedAt: input.shared ? (row.sharedAt ?? input.now) : null, updatedAt: input.now })
    .where(eq(chartEntries.id, row.id));
}
