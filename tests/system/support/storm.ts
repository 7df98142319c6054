// A booking storm for the system scripts (crash.ts, backup-storm.ts): guests booking distinct
// slots of the individual consultation, `inFlight` at a time, until stopped.
import { book, catalogIds, chooseSlot, fetchSlots, guestContact, spacedSlots, walkToSlots, type Slot } from './booking';
import type { Acknowledged } from './bookingAudit';
import type { AppServer } from './server';

export const STORM_SERVICE = 'individual-consultation';
export const STORM_REASON = 'Weight management';
/** Start to start, more than the service's 75 minutes: no two storm bookings can collide. */
export const SLOT_GAP_MINUTES = 90;

export interface Storm {
  sent: number;
  /** The bookings answered 2xx, with when the answer arrived (ms since the epoch). */
  ok: (Acknowledged & { answeredAt: number })[];
  other: number[];
  /** Book requests cut off by the stop (a kill): their outcome is unknown. */
  cutOff: number;
  /** Book requests on the wire now. */
  booksInFlight: number;
  /** What stopped the storm before it was told to (the first guest's error). */
  failure?: Error;
}

/**
 * Starts the storm; `stop(cutting)` ends it: with `cutting`, errors of requests cut off (the
 * server killed) are expected and counted. `done` resolves when every guest stopped; an error
 * stops the storm early and is kept in `storm.failure`.
 */
export async function startStorm(server: AppServer, label: string, inFlight: number) {
  const ids = await catalogIds(server.url, STORM_SERVICE, STORM_REASON);
  const scout = await walkToSlots(server.url, { contact: guestContact(`${label}-scout`), ...ids });
  const queue: { date: string; slot: Slot }[] = spacedSlots(await fetchSlots(server.url, scout), SLOT_GAP_MINUTES);
  const storm: Storm = { sent: 0, ok: [], other: [], cutOff: 0, booksInFlight: 0 };
  let stopped = false;
  let cutting = false;
  let next = 0;

  async function guest(): Promise<void> {
    while (!stopped) {
      const target = queue.shift();
      if (!target) throw new Error(`${label}: ran out of free slots`);
      const tag = `${label}-${String(next++).padStart(4, '0')}`;
      const contact = guestContact(tag);
      try {
        const t = await walkToSlots(server.url, { contact, ...ids });
        await fetchSlots(server.url, t);
        const checked = await chooseSlot(server.url, t, target.date, target.slot);
        if (checked.status !== 200) throw new Error(`${label}: check of a free slot answered ${checked.status}`);
        storm.sent++;
        storm.booksInFlight++;
        try {
          const answer = await book(server.url, t);
          const appointment = answer.json.appointment as { id: number; start: string; employee_id: number } | undefined;
          if (answer.status === 200 && appointment) {
            const patientName = `${contact.firstName} ${contact.lastName}`;
            storm.ok.push({ id: appointment.id, start: appointment.start, employeeId: appointment.employee_id, email: contact.email, patientName, answeredAt: Date.now() });
          } else storm.other.push(answer.status);
        } catch (error) {
          if (!cutting) throw error;
          storm.cutOff++;
        } finally {
          storm.booksInFlight--;
        }
      } catch (error) {
        if (!cutting) throw error; // a walk step cut off by a kill is expected; anything else is not
      }
    }
  }

  // A guest's error stops them all and is kept, never left as an unhandled rejection.
  const done = Promise.all(
    Array.from({ length: inFlight }, () =>
      guest().catch((error: unknown) => {
        storm.failure ??= error instanceof Error ? error : new Error(String(error));
        stopped = true;
      }),
    ),
  ).then(() => undefined);
  return {
    storm,
    done,
    stop(cut = false) {
      stopped = true;
      cutting = cut;
    },
  };
}
