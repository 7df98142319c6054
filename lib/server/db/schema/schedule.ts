// Table declarations only, no 'server-only': drizzle-kit loads this file outside Next.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
