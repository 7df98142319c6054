import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { User } from '@/lib/server/auth/sessions';
import type { Database } from '@/lib/server/db/client';
import { appointments, chartAccessLog, users, type ChartEntryRow, type ChartRead } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/appError';
import { pathId } from '@/lib/server/http/pathId';

/**
 * Who may read a patient's chart (issue #40 item 4): the patient's circle of care, that is the
 * employees who have (or had) a visit or a seat with them, and the administrators. A dietitian may
 * narrow one of her entries to herself and the administrators ("private"). Everyone else gets 403;
 * a patient never reaches these routes (requireEmployee refuses them first).
 */

export const chartPatientNotFound = () => new AppError('not_found', 404, 'chartPatientNotFound');
export const chartEntryNotFound = () => new AppError('not_found', 404, 'chartEntryNotFound');
const notInCircle = () => new AppError('forbidden', 403, 'chartNotInCircle');

export interface ChartPatient {
  id: number;
  firstName: string;
  lastName: string;
  closed: boolean;
}

/** The patient of `/patients/<id>/chart`: any patient account, closed ones included (their record is kept). */
export async function chartPatient(db: Database, idText: string): Promise<ChartPatient> {
  const id = pathId(idText, chartPatientNotFound);
  const [patient] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, isPatient: users.isPatient, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, id));
  if (!patient?.isPatient) throw chartPatientNotFound();
  return { id: patient.id, firstName: patient.firstName, lastName: patient.lastName, closed: patient.closedAt !== null };
}

/** True when the employee is in the patient's circle of care. */
export async function inCircleOfCare(db: Database, user: Pick<User, 'id' | 'isAdmin'>, patientId: number): Promise<boolean> {
  if (user.isAdmin) return true;
  const [visit] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.patientId, patientId), eq(appointments.employeeId, user.id)))
    .limit(1);
  return visit !== undefined;
}

export async function requireCircleOfCare(db: Database, user: Pick<User, 'id' | 'isAdmin'>, patientId: number): Promise<void> {
  if (!(await inCircleOfCare(db, user, patientId))) throw notInCircle();
}

/** Whether an entry the reader's circle reaches is also theirs to read: a private one is its author's and the administrators'. */
export function mayReadEntry(user: Pick<User, 'id' | 'isAdmin'>, entry: Pick<ChartEntryRow, 'privacy' | 'authorId'>): boolean {
  return entry.privacy === 'circle' || entry.authorId === user.id || user.isAdmin;
}

export function requireEntryReader(user: Pick<User, 'id' | 'isAdmin'>, entry: Pick<ChartEntryRow, 'privacy' | 'authorId'>): void {
  if (!mayReadEntry(user, entry)) throw new AppError('forbidden', 403, 'chartEntryPrivate');
}

/** One line of the read audit (PHIPA s. 10.1), in the transaction of the read when there is one. */
export async function recordChartRead(
  db: Pick<Database, 'insert'>,
  read: { readerId: number; patientId: number; what: ChartRead; entryId?: number },
): Promise<void> {
  await db.insert(chartAccessLog).values({ readerUserId: read.readerId, patientId: read.patientId, what: read.what, entryId: read.entryId ?? null });
}
