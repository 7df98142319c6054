// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A dietitian's absence (vacation, training, sick day): no slot is offered or booked with them
 * over [starts_at, ends_at). Instants, not local times, so an absence spanning a DST change
 * means exactly the hours entered.
 *
 * `reason` is private to the clinic: never sent to patients, never written to logs.
 */
export const timeOff = pgTable(
  'time_off',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Availability asks "this dietitian's absences overlapping the window".
    index('time_off_employee_starts_idx').on(t.employeeId, t.startsAt),
    check('time_off_range_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export type TimeOff = typeof timeOff.$inferSelect;

/**
 * A counter per dietitian, raised when a transaction that changed their calendar commits: their
 * appointments, group sessions, time off or weekly schedules (triggers, migration 0015). The slot
 * search keeps each dietitian's calendar in memory and reads these counters with every search
 * (lib/server/booking/calendarCache.ts): a changed counter means reload that dietitian, in this
 * process or any other. No foreign key: a counter outlives nothing it needs.
 */
export const calendarVersions = pgTable('calendar_versions', {
  employeeId: integer('employee_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
