'use client';

import { useEffect, useRef } from 'react';
import type { Service } from '@/lib/api/booking';
import { EMPTY_CONTACT } from '@/stores/bookingSteps';
import { useUserStore } from '@/stores/StoresProvider';
import { useBookingAppointmentStore, useBookingStore, useBookingStores } from '@/stores/useBookingStores';

interface Setup {
  validated: boolean;
  isEmployee: boolean;
  /** A service slug from the address (?service=follow-up), from a service page's button. */
  preselect: string | null;
  /** A patient's id from the address (?patient=41), from the clinic's patient page: employees only. */
  patient: string | null;
  /** A group session from the group-programs page (?session=12&office=3&session_language=fr). */
  session: { id: string | null; office: string | null; language: string | null };
  services: Service[] | null;
}

/**
 * What the booking page does on its own once the session is known: start a reschedule handed
 * over by the profile, choose the service a service page linked with, fill in the contact form
 * from the signed-in user or from the employee's chosen patient, choose the patient an
 * employee's link named.
 */
export function useBookingSetup({ validated, isEmployee, preselect, patient, session, services }: Setup) {
  const { booking } = useBookingStores();
  const rescheduling = useBookingAppointmentStore((s) => s.rescheduling);
  const reschedulingId = useBookingStore((s) => s.reschedulingId);
  const serviceId = useBookingStore((s) => s.serviceId);
  const patientInfo = useBookingStore((s) => s.patientInfo);
  const profile = useUserStore((s) => s.profile);
  // After a reset (a new booking, an expiry) the form is empty again: fill it in again.
  const contactEmpty = useBookingStore((s) => s.contact === EMPTY_CONTACT);
  const preselected = useRef(false);
  const patientPreselected = useRef(false);
  const sessionPreselected = useRef(false);

  useEffect(() => {
    if (!validated || !rescheduling || reschedulingId === rescheduling.id) return;
    void booking.getState().startReschedule(rescheduling, isEmployee ? 'employee' : 'patient');
  }, [validated, rescheduling, reschedulingId, isEmployee, booking]);

  useEffect(() => {
    if (preselected.current || !preselect || !services || rescheduling || serviceId !== null) return;
    const match = services.find((service) => service.slug === preselect);
    preselected.current = true;
    if (match) booking.getState().selectService(match.id);
  }, [preselect, services, rescheduling, serviceId, booking]);

  const { id: sessionParam, office: officeParam, language: languageParam } = session;
  useEffect(() => {
    if (sessionPreselected.current || rescheduling) return;
    const sessionId = positiveId(sessionParam);
    const officeId = positiveId(officeParam);
    if (sessionId === null || officeId === null || (languageParam !== 'en' && languageParam !== 'fr')) return;
    sessionPreselected.current = true;
    booking.getState().preselectSession({ sessionId, officeId, sessionLanguage: languageParam });
  }, [sessionParam, officeParam, languageParam, rescheduling, booking]);

  useEffect(() => {
    // Once per visit: choosing another patient afterwards is not undone.
    if (patientPreselected.current || !validated || !isEmployee || rescheduling) return;
    const patientId = positiveId(patient);
    if (patientId === null) return;
    patientPreselected.current = true;
    void booking.getState().preselectPatient(patientId);
  }, [validated, isEmployee, rescheduling, patient, booking]);

  useEffect(() => {
    if (!profile || isEmployee || !contactEmpty) return;
    booking.getState().prefillContact({
      firstName: profile.first_name,
      lastName: profile.last_name,
      email: profile.email,
      phone: profile.user_profile.phone_number ?? '',
    });
  }, [profile, isEmployee, booking, contactEmpty]);

  useEffect(() => {
    if (!patientInfo || !contactEmpty) return;
    const address = patientInfo.address;
    booking.getState().prefillContact({
      firstName: patientInfo.first_name,
      lastName: patientInfo.last_name,
      email: patientInfo.email,
      phone: patientInfo.phone ?? '',
      ...(address
        ? {
            streetNumber: address.street_number,
            streetName: address.street_name,
            unitNumber: address.unit_number ?? '',
            city: address.city,
            province: address.province.code,
            postalCode: address.postal_code,
            country: address.country.code,
          }
        : {}),
    });
  }, [patientInfo, booking, contactEmpty]);
}

/** An id from the address: digits only, no leading zero, within an int4. */
function positiveId(value: string | null): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
