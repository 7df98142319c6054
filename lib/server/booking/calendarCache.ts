import 'server-only';
import { and, gt, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '@/lib/server/db/client';
import { appointments, calendarVersions, groupSessions, patientProfiles, timeOff, users, weeklySchedules } from '@/lib/server/db/schema';
import { mergeRanges, weekOfInstant, type BusyTimes, type ScheduleBlock, type TimeRange } from './availability';

/**
 * The slot search's per-process cache of dietitians' calendars (issue #29): for each, the busy
 * times from some instant on (appointments, group sessions and time off, merged), the
 * appointments counted per local ISO week, and the weekly schedules at every office. Each search
 * reads the dietitians' counters (calendar_versions, raised as a transaction that changed a
 * calendar commits, migration 0015) and reloads only the calendars whose counter moved, in this
 * process or because another instance wrote: a busy clinic's search reads a few dozen small rows
 * instead of every appointment of the window.
 *
 * The counters are read before the calendars: a change committed in between is then loaded under
 * the older counter, and reloaded at the next search; never the other way round. A transaction's
 * own writes raise no counter until it commits, so inside one the cache would not see them: there
 * the caller loads from the tables (cachedCalendars answers null).
 */

export interface Calendar {
  version: number;
  /** Holds everything that ends after this instant (epoch ms), however far ahead. */
  fromMs: number;
  timeZone: string;
  busy: BusyTimes;
  /** Active appointments per local ISO week ('YYYY-Www'), as countWeeklyLoad counts them. */
  weeks: ReadonlyMap<string, number>;
  schedules: readonly ScheduleBlock[];
}

export interface CachedDietitian {
  id: number;
  firstName: string;
  lastName: string;
  calendar: Calendar;
}

const caches = new WeakMap<object, Map<number, Calendar>>();

/** Calendars loaded from the tables since the process started (the bench prints it). */
export const calendarCacheStats = { loaded: 0 };

/** What a search reads with the counters, in the same statement: it changes with every booking, so it is never kept. */
export interface AlongsideReads {
  /** Which appointments are the patient's (or guest's) own in the window: theirs cannot overlap. */
  ownVisits?: SQL;
  /** The patient whose preferred dietitian is recommended first. */
  patientId?: number | null;
}

export interface CachedSearch {
  dietitians: CachedDietitian[];
  ownVisits: TimeRange[];
  preferredDietitianId: number | null;
}

type Person = [id: number, firstName: string, lastName: string, version: number];

/**
 * The names and calendars of the dietitians `dietitians` selects (a query of ids), each holding at
 * least everything that ends after `fromMs`, with what `alongside` asks for: one statement, as
 * each costs the embedded database about a millisecond (issue #29). Null inside a transaction,
 * where the caller must read the tables itself.
 */
export async function cachedCalendars(db: Database, dietitians: SQLWrapper, fromMs: number, timeZone: string, alongside: AlongsideReads = {}): Promise<CachedSearch | null> {
  if (db instanceof PgTransaction) return null;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const { ownVisits, patientId } = alongside;
  const result = await db.execute<{ people: Person[] | null; own: [number, number][] | null; preferred: number | null }>(sql`
    SELECT
      (SELECT json_agg(json_build_array(${users.id}, ${users.firstName}, ${users.lastName}, coalesce(${calendarVersions.version}, 0)))
         FROM ${users} LEFT JOIN ${calendarVersions} ON ${calendarVersions.employeeId} = ${users.id}
        WHERE ${inArray(users.id, dietitians)}) AS people,
      ${ownVisits ? sql`(SELECT json_agg(json_build_array(date_part('epoch', ${appointments.startsAt}), date_part('epoch', ${appointments.endsAt}))) FROM ${appointments} WHERE ${ownVisits})` : sql`NULL`} AS own,
      ${patientId == null ? sql`NULL` : sql`(SELECT ${patientProfiles.preferredDietitianId} FROM ${patientProfiles} WHERE ${patientProfiles.userId} = ${patientId})`} AS preferred`);
  const row = result.rows[0];
  const people = (row?.people ?? []).map(([id, firstName, lastName, version]) => ({ id, firstName, lastName, version: Number(version) }));
  const fresh = (id: number, version: number) => {
    const held = cache.get(id);
    return held !== undefined && held.version === version && held.fromMs <= fromMs && held.timeZone === timeZone;
  };
  const stale = people.filter((p) => !fresh(p.id, p.version));
  if (stale.length > 0) {
    const loaded = await loadCalendars(db, stale, fromMs, timeZone);
    for (const [id, calendar] of loaded) cache.set(id, calendar);
    calendarCacheStats.loaded += loaded.length;
  }
  const toDate = (epochSeconds: number) => new Date(Math.round(Number(epochSeconds) * 1000));
  return {
    dietitians: people.map(({ id, firstName, lastName }) => ({ id, firstName, lastName, calendar: cache.get(id)! })),
    ownVisits: (row?.own ?? []).map(([start, end]) => ({ startsAt: toDate(start), endsAt: toDate(end) })),
    preferredDietitianId: row?.preferred ?? null,
  };
}

const epochs = (column: typeof appointments.startsAt | typeof appointments.blockedUntil) => sql<number[]>`array_agg(date_part('epoch', ${column}))`;

/**
 * The columns of a query of appointments grouped by dietitian: their busy instants as two arrays
 * of epoch seconds, so a busy clinic's thousands of appointments cost the driver a few rows, not
 * one each. Both aggregates take each group's rows in the same order, so start i and end i are
 * one appointment's; date_part gives float8 at once, where extract's numeric cost a third more.
 */
export const busyEpochsPerDietitian = {
  employeeId: appointments.employeeId,
  starts: epochs(appointments.startsAt),
  ends: epochs(appointments.blockedUntil),
};

/** Loads calendars from the tables, one query per kind of row for all of them. */
async function loadCalendars(db: Database, who: readonly { id: number; version: number }[], fromMs: number, timeZone: string) {
  const ids = who.map((w) => w.id);
  const from = new Date(fromMs);
  const taken = await db
    .select(busyEpochsPerDietitian)
    .from(appointments)
    .where(and(inArray(appointments.employeeId, ids), ne(appointments.status, 'cancelled'), gt(appointments.blockedUntil, from)))
    .groupBy(appointments.employeeId);
  // A group session holds its dietitian's time at any office; its seats are inside it.
  const sessions = await db
    .select({ employeeId: groupSessions.employeeId, startsAt: groupSessions.startsAt, endsAt: groupSessions.blockedUntil })
    .from(groupSessions)
    .where(and(inArray(groupSessions.employeeId, ids), ne(groupSessions.status, 'cancelled'), gt(groupSessions.blockedUntil, from)));
  // Never the reason: it is private.
  const absences = await db
    .select({ employeeId: timeOff.employeeId, startsAt: timeOff.startsAt, endsAt: timeOff.endsAt })
    .from(timeOff)
    .where(and(inArray(timeOff.employeeId, ids), gt(timeOff.endsAt, from)));
  const schedules = await db.select().from(weeklySchedules).where(inArray(weeklySchedules.employeeId, ids));

  const takenOf = new Map(taken.map((row) => [row.employeeId, row]));
  const weekOf = weekOfInstant(timeZone);
  return who.map(({ id, version }): [number, Calendar] => {
    const row = takenOf.get(id);
    const pairs: (readonly [number, number])[] = [];
    const weeks = new Map<string, number>();
    for (const [i, start] of (row?.starts ?? []).entries()) {
      const startMs = Math.round(Number(start) * 1000);
      pairs.push([startMs, Math.round(Number(row!.ends[i]) * 1000)]);
      const week = weekOf(startMs);
      weeks.set(week, (weeks.get(week) ?? 0) + 1);
    }
    for (const r of [...sessions, ...absences]) if (r.employeeId === id) pairs.push([r.startsAt.getTime(), r.endsAt.getTime()]);
    const blocks = schedules.filter((s) => s.employeeId === id).map(({ officeId, weekday, startMinute, endMinute }) => ({ officeId, weekday, startMinute, endMinute }));
    return [id, { version, fromMs, timeZone, busy: mergeRanges(pairs), weeks, schedules: blocks }];
  });
}
