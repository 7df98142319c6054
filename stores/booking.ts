import { createStore, type StoreApi } from 'zustand/vanilla';
import { readApiFailure } from '@/lib/api/auth';
import type {
  AppointmentSummary,
  BookingApi,
  BookingResult,
  BookingTokens,
  DietitianOption,
  Language,
  PatientInfo,
  PatientMatch,
  PricingData,
} from '@/lib/api/booking';
import type { AppointmentOptions, Slot } from '@/lib/schemas/bookingSlots';
import type { Office } from '@/lib/schemas/offices';
import {
  AUTOMATIC_DIETITIAN,
  EMPTY_CONTACT,
  LAST_STEP,
  NO_REASONS,
  chosenReasons,
  resolveSlot,
  slotKey,
  stepIndex,
  withReason,
  type ContactValues,
  type Reasons,
} from './bookingSteps';

/**
 * The booking flow's state machine (SPEC §4). The visitor's choices, the tokens the server
 * returned for them, and what the server offered (offices, slots). Every step is checked by the
 * server before the next opens; a check returns a token that later calls send back.
 *
 * `checkedThrough` is the last step whose check still holds for the current choices: changing
 * a choice lowers it, so the visitor can only jump back, or forward as far as what still holds.
 */
export interface BookingState {
  step: number;
  checkedThrough: number;
  sessionLanguage: Language;
  serviceId: number | null;
  contact: ContactValues;
  reasons: Reasons;
  message: string;
  offices: Office[] | null;
  officeId: number | null;
  options: AppointmentOptions | null;
  pricing: PricingData | null;
  date: string | null;
  /** The chosen slot's start (an ISO instant, or 'HH:MM-HH:MM'). */
  slot: string | null;
  tokens: BookingTokens;
  /** What is in flight, for the interface's busy states and skeletons. */
  pending: 'check' | 'offices' | 'appointments' | 'book' | 'patient' | null;
  /** The last failed call: the step it belongs to, the server's field errors and its first message. */
  failure: { step: number; code: string | null; fieldErrors: Record<string, string[]>; message: string | null } | null;
  /** Set when a booking token expired and the form went back to the start (until a new session check). */
  expired: boolean;
  /** The appointment being moved (SPEC §4 rescheduling), null for a new booking. */
  reschedulingId: number | null;
  /**
   * A group session the group-programs page linked to (issue #28): its office is chosen when the
   * offices arrive, and the session itself when the date step's list holds it. Used once.
   */
  wantedSession: WantedSession | null;
  // Employee variant
  patient: PatientMatch | null;
  patientInfo: PatientInfo | null;
  dietitians: DietitianOption[] | null;
  /** A dietitian's id, or AUTOMATIC_DIETITIAN. */
  dietitianId: number;

  next: () => void;
  previous: () => void;
  goTo: (step: number) => void;

  setSessionLanguage: (language: Language) => void;
  selectService: (serviceId: number) => void;
  /** What was typed in the contact or address step (`step`): that step must be checked again. */
  setContact: (contact: ContactValues, step: number) => void;
  /** Fills the fields the visitor has left empty (a signed-in user's or the chosen patient's details). */
  prefillContact: (values: Partial<ContactValues>) => void;
  setReason: (index: number, skillId: number | null) => void;
  setMessage: (message: string) => void;
  selectOffice: (officeId: number) => void;
  selectDate: (date: string) => void;
  selectSlot: (slot: string | null) => void;
  selectPatient: (patient: PatientMatch | null) => Promise<void>;
  /**
   * An employee's link named the patient (/book-online?patient=<id>, from the patient's page): a
   * new booking for that patient starts, unless that patient is the one already chosen.
   */
  preselectPatient: (patientId: number) => Promise<void>;
  setDietitian: (dietitianId: number) => void;
  /** The group-programs page named a session (/book-online?service=…&session=…&office=…&session_language=…). */
  preselectSession: (wanted: WantedSession & { sessionLanguage: Language }) => void;

  checkSession: () => Promise<boolean>;
  checkService: () => Promise<boolean>;
  checkContact: (contact: ContactValues) => Promise<boolean>;
  checkAddress: (contact: ContactValues) => Promise<boolean>;
  checkReasons: () => Promise<boolean>;
  fetchOffices: () => Promise<boolean>;
  checkLocation: () => Promise<boolean>;
  fetchAppointments: () => Promise<boolean>;
  checkSlot: () => Promise<boolean>;
  /** SPEC §8: on an expired token this fails with `expired: false` (the reset happens anyway). */
  book: () => Promise<{ ok: true; result: BookingResult } | { ok: false; expired: false; code: string | null }>;

  startReschedule: (appointment: AppointmentSummary, viewer: 'patient' | 'employee') => Promise<void>;
  endReschedule: () => void;
  /** A booking token expired: back to the start, everything cleared (SPEC §4, §8). */
  expire: () => void;
  reset: () => void;
}

export type BookingStore = StoreApi<BookingState>;

export interface WantedSession {
  sessionId: number;
  officeId: number;
}

const STEP = {
  session: stepIndex('session'),
  service: stepIndex('service'),
  contact: stepIndex('contact'),
  address: stepIndex('address'),
  reasons: stepIndex('reasons'),
  location: stepIndex('location'),
  datetime: stepIndex('datetime'),
  confirmation: stepIndex('confirmation'),
};

type Data = Omit<BookingState, { [K in keyof BookingState]: BookingState[K] extends (...args: never[]) => unknown ? K : never }[keyof BookingState]>;

function initialData(language: Language): Data {
  return {
    step: 0,
    checkedThrough: -1,
    sessionLanguage: language,
    serviceId: null,
    contact: EMPTY_CONTACT,
    reasons: NO_REASONS,
    message: '',
    offices: null,
    officeId: null,
    options: null,
    pricing: null,
    date: null,
    slot: null,
    tokens: {},
    pending: null,
    failure: null,
    expired: false,
    reschedulingId: null,
    wantedSession: null,
    patient: null,
    patientInfo: null,
    dietitians: null,
    dietitianId: AUTOMATIC_DIETITIAN,
  };
}

/** The location and date/time choices, and what was fetched for them. */
const NO_LOCATION = { offices: null, officeId: null, options: null, pricing: null, date: null, slot: null } as const;
const NO_DATETIME = { options: null, pricing: null, date: null, slot: null } as const;

export interface BookingStoreOptions {
  api: BookingApi;
  /** The interface language: the default session language. */
  language: Language;
}

export function createBookingStore({ api, language }: BookingStoreOptions): BookingStore {
  // Answers that arrive after a reset (expiry, sign-out, a new reschedule) are dropped, and so
  // are those of a check whose choices changed while it ran (they would vouch for the old ones).
  let generation = 0;
  let revision = 0;

  return createStore<BookingState>()((set, get) => {
    /** The state once `step`'s check no longer holds (a choice at or before it changed). */
    const uncheck = (step: number) => {
      revision++;
      return { checkedThrough: Math.min(get().checkedThrough, step - 1) };
    };

    /** Runs a call; on success `apply` writes its answer, unless the form was reset meanwhile. */
    async function run<T>(step: number, pending: NonNullable<BookingState['pending']>, call: () => Promise<T>, apply: (answer: T) => void) {
      const mine = generation;
      const choices = revision;
      set({ pending, failure: null });
      try {
        const answer = await call();
        if (mine !== generation) return false;
        set({ pending: null });
        if (choices !== revision) return false;
        apply(answer);
        return true;
      } catch (error) {
        if (mine !== generation) return false;
        const { code, fieldErrors, message } = readApiFailure(error);
        set({ pending: null, failure: { step, code, fieldErrors, message } });
        return false;
      }
    }

    /** Records a passed check and opens the next step; later steps must be checked again. */
    const passed = (step: number, tokens: BookingTokens) =>
      set((s) => ({ tokens: { ...s.tokens, ...tokens }, checkedThrough: step, step: Math.min(step + 1, LAST_STEP) }));

    return {
      ...initialData(language),

      next: () => set((s) => (s.step < LAST_STEP ? { step: s.step + 1 } : {})),
      previous: () => set((s) => (s.step > 0 ? { step: s.step - 1 } : {})),
      goTo: (step) => set((s) => (Number.isInteger(step) && step >= 0 && step <= Math.min(s.checkedThrough + 1, LAST_STEP) ? { step } : {})),

      setSessionLanguage: (sessionLanguage) => {
        // A linked session is in one language: another one drops it.
        if (sessionLanguage !== get().sessionLanguage) set({ sessionLanguage, wantedSession: null, ...uncheck(STEP.session) });
      },

      selectService: (serviceId) => {
        const s = get();
        if (s.serviceId === serviceId) {
          // SPEC §4: clicking the selected service deselects it and resets reasons, location and date/time.
          set({ serviceId: null, reasons: NO_REASONS, ...NO_LOCATION, ...uncheck(STEP.service) });
        } else {
          // Offices and slots depend on the service: they are fetched again for the new one.
          set({ serviceId, ...NO_LOCATION, ...uncheck(STEP.service) });
        }
      },

      setContact: (contact, step) => set({ contact, ...uncheck(step) }),

      prefillContact: (values) =>
        set((s) => {
          const contact = { ...s.contact };
          for (const [key, value] of Object.entries(values) as Array<[keyof ContactValues, ContactValues[keyof ContactValues]]>) {
            const current = contact[key];
            const untouched = current === '' || current === EMPTY_CONTACT[key];
            if (untouched && value !== undefined && value !== null && value !== '') (contact as Record<string, unknown>)[key] = value;
          }
          return { contact };
        }),

      setReason: (index, skillId) => {
        const s = get();
        if (index < 0 || index >= s.reasons.length || s.reasons[index] === skillId) return;
        // SPEC §4: a reason change clears the later reasons and resets location and date/time.
        set({ reasons: withReason(s.reasons, index, skillId), ...NO_LOCATION, ...uncheck(STEP.reasons) });
      },

      setMessage: (message) => {
        if (message !== get().message) set({ message, ...uncheck(STEP.reasons) });
      },

      selectOffice: (officeId) => {
        const s = get();
        // SPEC §4: clicking the selected office deselects it and resets date/time. A linked session
        // at another office is dropped: it would not be listed there.
        const wantedSession = s.wantedSession?.officeId === officeId ? s.wantedSession : null;
        set({ officeId: s.officeId === officeId ? null : officeId, wantedSession, ...NO_DATETIME, ...uncheck(STEP.location) });
      },

      // SPEC §4: choosing a date clears the chosen time slot.
      selectDate: (date) => set({ date, slot: null, ...uncheck(STEP.datetime) }),
      selectSlot: (slot) => set({ slot, ...uncheck(STEP.datetime) }),

      selectPatient: async (patient) => {
        set({ patient, patientInfo: null, dietitians: null, dietitianId: AUTOMATIC_DIETITIAN, contact: EMPTY_CONTACT, ...uncheck(STEP.session) });
        if (!patient) return;
        await run(
          STEP.session,
          'patient',
          () => api.selectedPatientInfo(patient.id),
          ({ patient_info, dietitians }) => {
            if (get().patient?.id !== patient.id) return;
            set({ patientInfo: patient_info, dietitians, sessionLanguage: patient_info.preferred_language });
          },
        );
      },

      preselectPatient: async (patientId) => {
        if (get().patient?.id === patientId) return;
        generation++;
        set(initialData(get().sessionLanguage));
        // The name, e-mail and phone arrive with the patient's info (the link carries the id only).
        await get().selectPatient({ id: patientId, full_name: '', email: '', phone: null });
      },

      setDietitian: (dietitianId) => {
        if (dietitianId !== get().dietitianId) set({ dietitianId, ...NO_LOCATION, ...uncheck(STEP.session) });
      },

      preselectSession: ({ sessionLanguage, ...wanted }) => {
        get().setSessionLanguage(sessionLanguage);
        set({ wantedSession: wanted });
      },

      checkSession: () => {
        const s = get();
        return run(
          STEP.session,
          'check',
          () =>
            api.checkSession({
              session_language: s.sessionLanguage,
              rescheduling_appointment_id: s.reschedulingId,
              employee_selected_patient_id: s.patient?.id ?? null,
              employee_selected_dietitian_id: s.patient ? s.dietitianId : null,
            }),
          // A new session starts a new chain: no later token of the old one may be sent again.
          (answer) => set({ tokens: answer, checkedThrough: STEP.session, step: STEP.service, expired: false }),
        );
      },

      checkService: () => {
        const { serviceId, tokens } = get();
        if (serviceId === null || !tokens.session_language_token) return Promise.resolve(false);
        return run(STEP.service, 'check', () => api.checkService(serviceId, tokens), (answer) => passed(STEP.service, answer));
      },

      checkContact: (contact) => {
        set({ contact, ...uncheck(STEP.contact) });
        return run(STEP.contact, 'check', () => api.checkContact(contact, get().tokens), (answer) => passed(STEP.contact, answer));
      },

      checkAddress: (contact) => {
        set({ contact, ...uncheck(STEP.address) });
        return run(STEP.address, 'check', () => api.checkAddress(contact, get().tokens), (answer) => passed(STEP.address, answer));
      },

      checkReasons: async () => {
        const { reasons, message, tokens } = get();
        const ok = await run(STEP.reasons, 'check', () => api.checkSkills(chosenReasons(reasons), message, tokens), (answer) =>
          passed(STEP.reasons, answer),
        );
        // SPEC §4: after the reasons check succeeds, offices are fetched.
        if (ok) await get().fetchOffices();
        return ok;
      },

      fetchOffices: () =>
        run(STEP.location, 'offices', () => api.fetchLocations(get().tokens), ({ office_data_token, offices }) =>
          set((s) => ({
            offices,
            tokens: { ...s.tokens, office_data_token },
            // A choice the new list no longer offers is dropped; a linked session's office is chosen.
            officeId: [s.officeId, s.wantedSession?.officeId].find((id) => offices.some((o) => o.id === id && o.is_available)) ?? null,
          })),
        ),

      checkLocation: async () => {
        const { officeId, tokens } = get();
        if (officeId === null) return false;
        const ok = await run(STEP.location, 'check', () => api.checkLocation(officeId, tokens), (answer) => passed(STEP.location, answer));
        // SPEC §4: after the location check succeeds, available appointments are fetched.
        if (ok) await get().fetchAppointments();
        return ok;
      },

      fetchAppointments: () =>
        run(STEP.datetime, 'appointments', () => api.fetchAppointments(get().tokens), (answer) =>
          set((s) => {
            const options = answer.appointment_options;
            const wanted = s.wantedSession && !s.slot ? wantedSlot(options, s.wantedSession.sessionId) : null;
            if (wanted) return { options, pricing: answer.pricing_data, ...wanted, wantedSession: null, tokens: { ...s.tokens, appointment_token: answer.appointment_token } };
            const date = s.date && (options[s.date]?.length ?? 0) > 0 ? s.date : null;
            const slot = date && (options[date] ?? []).some((offered) => slotKey(offered) === s.slot) ? s.slot : null;
            return { options, pricing: answer.pricing_data, date, slot, tokens: { ...s.tokens, appointment_token: answer.appointment_token } };
          }),
        ),

      checkSlot: () => {
        const { date, slot, options, tokens } = get();
        if (!date || !slot) return Promise.resolve(false);
        return run(STEP.datetime, 'check', () => api.checkAppointment(resolveSlot(date, slot, options), tokens), (answer) =>
          passed(STEP.datetime, answer),
        );
      },

      book: async () => {
        let result: BookingResult | null = null;
        const ok = await run(STEP.confirmation, 'book', () => api.bookAppointment(get().tokens), (answer) => {
          result = answer;
        });
        if (ok && result) return { ok: true as const, result };
        return { ok: false as const, expired: false as const, code: get().failure?.code ?? null };
      },

      startReschedule: async (appointment, viewer) => {
        generation++;
        set({
          ...initialData(get().sessionLanguage),
          reschedulingId: appointment.id,
          serviceId: appointment.service.id,
          reasons: [appointment.reasons[0]?.id ?? null, appointment.reasons[1]?.id ?? null, appointment.reasons[2]?.id ?? null],
          message: appointment.message ?? '',
          sessionLanguage: appointment.session_language,
        });
        if (viewer === 'employee' && appointment.patient.id !== null) {
          // An employee also preloads the patient and the dietitian, and fetches the patient's info.
          const patient = { id: appointment.patient.id, full_name: appointment.patient.name, email: '', phone: null };
          await get().selectPatient(patient);
          set({ dietitianId: appointment.dietitian.id, sessionLanguage: appointment.session_language });
        } else if (viewer === 'patient') {
          // A patient re-checks the session straight away.
          await get().checkSession();
        }
      },

      endReschedule: () => {
        generation++;
        set(initialData(get().sessionLanguage));
      },

      expire: () => {
        generation++;
        set({ ...initialData(get().sessionLanguage), expired: true, reschedulingId: get().reschedulingId });
      },

      reset: () => {
        generation++;
        set(initialData(language));
      },
    };
  });
}

const NO_SLOTS: Slot[] = [];

/**
 * Where the date step's list holds a linked session: its date and the session; a full one too,
 * whose choice opens its waitlist (the page's "join the waitlist" link) and cannot be booked.
 */
function wantedSlot(options: AppointmentOptions, sessionId: number): { date: string; slot: string | null } | null {
  for (const [date, slots] of Object.entries(options)) {
    const match = slots.find((offered) => offered.group_session?.id === sessionId);
    if (match) return { date, slot: slotKey(match) };
  }
  return null;
}
/** The chosen date's slots (the same empty list when none, so a selector's answer stays stable). */
export const selectSlotsOfDate = (s: BookingState): Slot[] => (s.date ? (s.options?.[s.date] ?? NO_SLOTS) : NO_SLOTS);
