import 'server-only';
import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
  return {
    dietitians: people.map(({ id, firstName, lastName }) => ({ id, firstName, lastName, calendar: cache.get(id)! })),
    ownVisits: (row?.own ?? []).map(([start, end]) => ({ startsAt: new Date(epochMs(start)), endsAt: new Date(epochMs(end)) })),
    preferredDietitianId: row?.preferred ?? null,
  };
}

/** Epoch seconds as the database gives them (float8, or its text) to whole epoch milliseconds. */
export const epochMs = (seconds: number | string) => Math.round(Number(seconds) * 1000);

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

/**
 * Loads calendars from the tables in one statement, a row per dietitian: the appointments' busy
 * instants as two arrays of epoch seconds (as busyEpochsPerDietitian), group sessions and time off
 * as pairs, and the weekly schedules. One statement, not four: a calendar is reloaded at the first
 * search after each booking, and each statement costs a round trip (issue #29).
 */
async function loadCalendars(db: Database, who: readonly { id: number; version: number }[], fromMs: number, timeZone: string) {
  const from = new Date(fromMs);
  const result = await db.execute<{ id: number; starts: number[] | null; ends: number[] | null; others: [number, number][] | null; schedules: [number, number, number, number][] | null }>(sql`
    SELECT ${users.id} AS id, taken.starts, taken.ends,
      (SELECT json_agg(json_build_array(date_part('epoch', held.starts_at), date_part('epoch', held.ends_at))) FROM (
          SELECT ${groupSessions.startsAt} AS starts_at, ${groupSessions.blockedUntil} AS ends_at FROM ${groupSessions}
           WHERE ${groupSessions.employeeId} = ${users.id} AND ${groupSessions.status} <> 'cancelled' AND ${groupSessions.blockedUntil} > ${from}
          UNION ALL
          SELECT ${timeOff.startsAt}, ${timeOff.endsAt} FROM ${timeOff} WHERE ${timeOff.employeeId} = ${users.id} AND ${timeOff.endsAt} > ${from}
        ) AS held) AS others,
      (SELECT json_agg(json_build_array(${weeklySchedules.officeId}, ${weeklySchedules.weekday}, ${weeklySchedules.startMinute}, ${weeklySchedules.endMinute}))
         FROM ${weeklySchedules} WHERE ${weeklySchedules.employeeId} = ${users.id}) AS schedules
    FROM ${users} LEFT JOIN LATERAL (
      SELECT ${busyEpochsPerDietitian.starts} AS starts, ${busyEpochsPerDietitian.ends} AS ends FROM ${appointments}
       WHERE ${appointments.employeeId} = ${users.id} AND ${appointments.status} <> 'cancelled' AND ${appointments.blockedUntil} > ${from}
    ) AS taken ON true
    WHERE ${inArray(users.id, who.map((w) => w.id))}`);
  const rowOf = new Map(result.rows.map((row) => [Number(row.id), row]));
  const weekOf = weekOfInstant(timeZone);
  return who.map(({ id, version }): [number, Calendar] => {
    const row = rowOf.get(id);
    const pairs: (readonly [number, number])[] = [];
    const weeks = new Map<string, number>();
    const ends = row?.ends ?? [];
    for (const [i, start] of (row?.starts ?? []).entries()) {
      const startMs = epochMs(start);
      pairs.push([startMs, epochMs(ends[i]!)]);
      const week = weekOf(startMs);
      weeks.set(week, (weeks.get(week) ?? 0) + 1);
    }
    // A group session holds its dietitian's time at any office (its seats are inside it); time off's reason is never read.
    for (const [start, end] of row?.others ?? []) pairs.push([epochMs(start), epochMs(end)]);
    const blocks = (row?.schedules ?? []).map(([officeId, weekday, startMinute, endMinute]) => ({ officeId, weekday, startMinute, endMinute }));
    return [id, { version, fromMs, timeZone, busy: mergeRanges(pairs), weeks, schedules: blocks }];
  });
}
