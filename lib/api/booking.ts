import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import type { ContactFormInput } from '@/lib/schemas/contact';
import type { Address, Office } from '@/lib/schemas/offices';
import type { TimeOfDay, WaitlistEntry } from '@/lib/schemas/waitlist';

/**
 * The booking calls of SPEC §7, one typed function each, field names as the API writes them.
 * Step checks return their token(s); a failure rejects with the client's error (readApiFailure),
 * after the client has shown its toasts (none for a call whose form shows its failures inline)
 * and, for `booking_token_expired`, told the booking store.
 */

export type Language = 'en' | 'fr';

/** SPEC §3 Service, as GET /api/services/all returns it. */
export interface Service {
  id: number;
  slug: string;
  translated_name: string;
  client_duration: number;
  employee_duration: number;
  /** '135.00' */
  base_price: string;
  base_price_cents: number;
  currency: string;
  translated_short_description: string;
  translated_long_description: string;
  is_active: boolean;
  prerequisite_service: number | null;
  allow_guest_booking: boolean;
  requires_matching_skills: boolean;
  is_free_service: boolean;
  enforce_prerequisite: boolean;
  is_taxable: boolean;
  /** The price already contains the HST. */
  tax_included: boolean;
  /** Hours. */
  min_cancellation_notice: number;
  max_advance_booking_days: number;
  /** Booked by the seat in a session the clinic scheduled (group programs), not at a free slot. */
  books_seats: boolean;
  min_advance_booking_hours: number;
}

/** A reason for the visit. */
export interface Skill {
  id: number;
  translated_name: string;
}

export interface PricingData {
  base_price: string;
  tax_amount: string;
  total_price: string;
  base_price_cents: number;
  tax_amount_cents: number;
  total_price_cents: number;
  currency: string;
  tax_breakdown: Array<{ name: string; rate: number; amount: string; amount_cents: number }>;
}

export interface BookedAppointment {
  id: number;
  session_language: Language;
  service_id: number;
  reasons: number[];
  message: string | null;
  patient_id: number | null;
  patient_name: string;
  employee_id: number;
  start: string;
  end: string;
}

export interface BookingResult {
  appointment: BookedAppointment;
  google_calendar_link: string;
  /** The event as an iCalendar file, for the success screen's download. */
  ics: string;
}

/** One upcoming appointment on the profile. */
export interface AppointmentSummary {
  id: number;
  start: string;
  end: string;
  status: string;
  session_language: Language;
  service: { id: number; translated_name: string };
  office: { id: number; name: string; is_virtual: boolean };
  /** A booked virtual visit's video room link; null otherwise. */
  join_url: string | null;
  dietitian: { id: number; name: string };
  patient: { id: number | null; name: string };
  reasons: Skill[];
  message?: string | null;
  can_cancel: boolean;
  can_reschedule: boolean;
  /** The clinic's patient record only: a cancelled visit's money still to refund, in cents. */
  refund_due_cents?: number;
}

/** SPEC §3 user appointment statistics. */
export interface AppointmentStatistics {
  today_appointments: number;
  preferred_patients: number;
  weekly_appointments: number;
  monthly_appointments: number;
  completed_appointments: number;
  total_appointments: number;
  upcoming_count: number;
  average_gap_days: number | null;
  longest_gap_days: number | null;
  consistency_score: number;
  next_appointment: AppointmentSummary | null;
}

export interface BookedAppointments {
  upcoming: AppointmentSummary[];
  statistics: AppointmentStatistics;
}

export interface PatientInfo {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  preferred_language: Language;
  address: Address | null;
  preferred_dietitian: number | null;
  preferred_dietitian_name: string | null;
}

/** SPEC §3 dietitian option. */
export interface DietitianOption {
  id: number;
  full_name: string;
  is_preferred: boolean;
}

export interface PatientMatch {
  id: number;
  full_name: string;
  email: string;
  phone: string | null;
}

/** Every token the steps have returned so far, by its API name. */
export interface BookingTokens {
  session_language_token?: string;
  auth_token?: string;
  service_token?: string;
  contact_token?: string;
  address_token?: string;
  skills_token?: string;
  office_data_token?: string;
  location_token?: string;
  appointment_token?: string;
  timeslot_token?: string;
}

export interface CheckSessionBody {
  session_language: Language;
  rescheduling_appointment_id?: number | null;
  employee_selected_patient_id?: number | null;
  /** -1: automatic choice. */
  employee_selected_dietitian_id?: number | null;
}

/** What the date step's waitlist form asks for (issue #16): clinic dates 'YYYY-MM-DD', ISO weekdays 1 (Monday) to 7. */
export interface WaitlistRequest {
  from_date: string;
  to_date: string;
  times_of_day: TimeOfDay[];
  weekdays: number[];
  /** A group service's place: the full session it was joined from (it waits for a seat of that topic). */
  group_session_id?: number;
}

/** The waitlist join's answer: the entry as the waitlist page shows it, and where its confirmation went. */
export interface WaitlistJoined {
  entry: WaitlistEntry;
  email: string;
}

/** SPEC §9: the session check gives up after 10 s. */
export const CHECK_SESSION_TIMEOUT_MS = 10_000;

const pick = (tokens: BookingTokens, names: ReadonlyArray<keyof BookingTokens>) =>
  Object.fromEntries(names.filter((name) => tokens[name] !== undefined).map((name) => [name, tokens[name]]));

const BASE = ['session_language_token', 'auth_token'] as const;
const OFFICE_CHAIN = [...BASE, 'service_token', 'contact_token', 'address_token', 'skills_token'] as const;
const SLOT_CHAIN = [...OFFICE_CHAIN, 'office_data_token', 'location_token'] as const;

export function createBookingApi(getHttp: () => AxiosInstance | Promise<AxiosInstance>) {
  const post = async <T>(path: string, body: unknown, config?: AxiosRequestConfig): Promise<T> =>
    (await (await getHttp()).post<T>(path, body, config)).data;
  const get = async <T>(path: string, params?: Record<string, unknown>): Promise<T> =>
    (await (await getHttp()).get<T>(path, { params })).data;

  return {
    checkSession: (body: CheckSessionBody) =>
      post<{ session_language_token: string; auth_token: string }>('/api/booking/check-session', body, { timeout: CHECK_SESSION_TIMEOUT_MS }),

    services: () => get<Service[]>('/api/services/all'),
    skills: () => get<Skill[]>('/api/nutrition/skills/all'),

    checkService: (serviceId: number, tokens: BookingTokens) =>
      post<{ service_token: string }>('/api/booking/check-service', { service_id: serviceId, ...pick(tokens, BASE) }),

    checkContact: (contact: ContactFormInput, tokens: BookingTokens) =>
      post<{ contact_token: string }>('/api/booking/check-contact', { contact, ...pick(tokens, BASE) }),

    checkAddress: (contact: ContactFormInput, tokens: BookingTokens) =>
      post<{ address_token: string }>('/api/booking/check-address', { contact, ...pick(tokens, BASE) }),

    checkSkills: (skills: number[], message: string, tokens: BookingTokens) =>
      post<{ skills_token: string }>('/api/booking/check-skills', {
        skills,
        user_message: message,
        ...pick(tokens, [...BASE, 'service_token', 'contact_token', 'address_token']),
      }),

    fetchLocations: (tokens: BookingTokens) =>
      post<{ office_data_token: string; offices: Office[] }>('/api/booking/locations/fetch', pick(tokens, OFFICE_CHAIN)),

    checkLocation: (officeId: number, tokens: BookingTokens) =>
      post<{ location_token: string }>('/api/booking/locations/check', {
        ...pick(tokens, [...OFFICE_CHAIN, 'office_data_token']),
        selected_office_id: officeId,
      }),

    fetchAppointments: (tokens: BookingTokens) =>
      post<{ appointment_token: string; pricing_data: PricingData; appointment_options: AppointmentOptions }>(
        '/api/booking/available-appointments/fetch',
        pick(tokens, SLOT_CHAIN),
      ),

    checkAppointment: (slot: { date: string; start: string; end: string | null; groupSessionId?: number }, tokens: BookingTokens) =>
      post<{ timeslot_token: string }>('/api/booking/available-appointments/check', {
        ...pick(tokens, [...SLOT_CHAIN, 'appointment_token']),
        date: slot.date,
        timeslot_start: slot.start,
        timeslot_end: slot.end,
        ...(slot.groupSessionId !== undefined && { group_session_id: slot.groupSessionId }),
      }),

    /** The confirmation step says why a booking failed, in place (no toast). */
    bookAppointment: (tokens: BookingTokens) =>
      post<BookingResult>('/api/booking/book-appointment', pick(tokens, [...SLOT_CHAIN, 'appointment_token', 'timeslot_token']), {
        inlineFailures: true,
      }),

    /**
     * The tokens through the office step (not the slot's: the schema refuses them), and the window.
     * The form shows a refusal at its fields or in its alert (no toast).
     */
    joinWaitlist: (request: WaitlistRequest, tokens: BookingTokens) =>
      post<WaitlistJoined>('/api/booking/waitlist/join', { ...pick(tokens, SLOT_CHAIN), ...request }, { inlineFailures: true }),

    bookedAppointments: () => get<BookedAppointments>('/api/booking/booked-appointments'),

    cancelAppointment: (appointmentId: number) =>
      post<Record<string, never>>('/api/booking/cancel-appointment', { appointment_id: appointmentId }),

    selectedPatientInfo: (patientId: number) =>
      get<{ patient_info: PatientInfo; dietitians: DietitianOption[] }>('/api/booking/selected-patient-info', { id: patientId }),

    searchPatients: (search: string) => get<{ patients: PatientMatch[] }>('/api/booking/patients', { search }),
  };
}

export type BookingApi = ReturnType<typeof createBookingApi>;

/** The app's instance, on the shared client (loaded with the first call). */
export const bookingApi: BookingApi = createBookingApi(() => import('./client').then((m) => m.api));
