import 'server-only';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/routing';
import type { IntakeAnswers } from '@/lib/schemas/intake';
import { INTAKE_PAGE_SIZE, type IntakeListQuery } from '@/lib/schemas/intakeReview';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { intakeAccessLog, intakeSubmissions, skills, type IntakeSubmissionRow } from '@/lib/server/db/schema';
import { containsEveryWord } from '@/lib/server/db/textSearch';
import { AppError } from '@/lib/server/http/appError';
import { decryptJson, submissionContext } from './crypto';

/**
 * The forms a reader may see: employees all of them; anyone else the ones sent from their
 * account or, once they proved they own their e-mail address, sent with that address.
 */
function visibleTo(reader: User): SQL | undefined {
  if (reader.isEmployee) return undefined;
  const byAccount = eq(intakeSubmissions.userId, reader.id);
  // By address, only the forms sent without an account: a closed account's forms stay its own
  // when the address opens a new one (issue #30).
  return reader.emailVerifiedAt ? or(byAccount, and(isNull(intakeSubmissions.userId), eq(intakeSubmissions.email, reader.email))) : byAccount;
}

function canRead(reader: User, row: IntakeSubmissionRow): boolean {
  return reader.isEmployee || row.userId === reader.id || (row.userId === null && reader.emailVerifiedAt !== null && row.email === reader.email);
}

/**
 * GET /api/intake: the list (names, e-mail, date and language: no health data, so no audit
 * entry), newest first. Only employees search (name, "first last" or e-mail; case and accents
 * ignored); the search term is never logged.
 */
export async function listIntakes(db: Database, reader: User, query: IntakeListQuery) {
  const search = reader.isEmployee
    ? containsEveryWord(sql`${intakeSubmissions.firstName} || ' ' || ${intakeSubmissions.lastName} || ' ' || ${intakeSubmissions.email}`, query.search)
    : undefined;
  const where = and(visibleTo(reader), search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(intakeSubmissions)
      .where(where)
      .orderBy(desc(intakeSubmissions.createdAt), desc(intakeSubmissions.id))
      .limit(INTAKE_PAGE_SIZE)
      .offset((query.page - 1) * INTAKE_PAGE_SIZE),
    db.select({ n: count() }).from(intakeSubmissions).where(where),
  ]);
  return {
    results: rows.map((row) => ({
      id: row.publicId,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      submitted_at: row.createdAt.toISOString(),
      language: row.language,
    })),
    count: total?.n ?? 0,
    page: query.page,
    page_size: INTAKE_PAGE_SIZE,
  };
}

const notFound = () => new AppError('not_found', 404, 'intakeNotFound');

/**
 * GET /api/intake/[id]: one form with its decrypted answers. Whoever may not read it gets the
 * same 404 as for a form that does not exist, so its existence is not revealed. Every read is
 * written to the access log before anything is returned.
 */
export async function readIntake(db: Database, reader: User, publicId: string, locale: Locale) {
  if (!z.uuid().safeParse(publicId).success) throw notFound();
  const [row] = await db.select().from(intakeSubmissions).where(eq(intakeSubmissions.publicId, publicId));
  if (!row || !canRead(reader, row)) throw notFound();

  await db.insert(intakeAccessLog).values({ submissionId: row.id, readerUserId: reader.id, action: 'read' });
  // Stored from the schema's output, so it has the schema's shape (unanswered optional numbers,
  // undefined there, are absent keys here).
  const answers = decryptJson(row.encryptedAnswers, submissionContext(row.publicId)) as IntakeAnswers;

  const reasonIds = answers.objective.reasons;
  const names = reasonIds.length
    ? await db.select({ id: skills.id, nameEn: skills.nameEn, nameFr: skills.nameFr }).from(skills).where(inArray(skills.id, reasonIds))
    : [];
  const nameOf = new Map(names.map((skill) => [skill.id, locale === 'fr' ? skill.nameFr : skill.nameEn]));

  return {
    id: row.publicId,
    submitted_at: row.createdAt.toISOString(),
    consent_version: row.consentVersion,
    consented_at: row.consentedAt.toISOString(),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    language: row.language,
    linked_to_account: row.userId !== null,
    answers,
    // A reason the clinic no longer offers keeps its id in the answers but has no name to show.
    reasons: reasonIds.flatMap((id) => {
      const name = nameOf.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
  };
}
