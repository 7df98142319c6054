'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { BookingResult } from '@/lib/api/booking';
import { FormAlert } from '@/components/ui/form/FormParts';
import { BOOKING_STEPS } from '@/stores/bookingSteps';
import { servicesKey, visibleServices } from '@/stores/services';
import { useAuthStore, useUserStore } from '@/stores/StoresProvider';
import { useBookingAppointmentStore, useBookingStore, useBookingStores, useServicesStore, useSkillsStore } from '@/stores/useBookingStores';
import styles from './booking.module.css';
import { BookingProgress } from './BookingProgress';
import { StepPlaceholder } from './StepFrame';
import { SessionStep } from './steps/SessionStep';
import { useBookingSetup } from './useBookingSetup';

// The first step is in the page's bundle; the others (and the form and schema libraries they
// use) load on the way, so the page starts with less script to run. React's lazy, with the
// placeholder below as the Suspense fallback: next/dynamic would add its own code (3 kB) to it.
const ServiceStep = lazy(() => import('./steps/ServiceStep').then((m) => ({ default: m.ServiceStep })));
const ContactStep = lazy(() => import('./steps/ContactStep').then((m) => ({ default: m.ContactStep })));
const AddressStep = lazy(() => import('./steps/AddressStep').then((m) => ({ default: m.AddressStep })));
const ReasonsStep = lazy(() => import('./steps/ReasonsStep').then((m) => ({ default: m.ReasonsStep })));
const LocationStep = lazy(() => import('./steps/LocationStep').then((m) => ({ default: m.LocationStep })));
const DateTimeStep = lazy(() => import('./steps/DateTimeStep').then((m) => ({ default: m.DateTimeStep })));
const ConfirmationStep = lazy(() => import('./steps/ConfirmationStep').then((m) => ({ default: m.ConfirmationStep })));
const BookingSuccess = lazy(() => import('./BookingSuccess').then((m) => ({ default: m.BookingSuccess })));
const RescheduleNotice = lazy(() => import('./RescheduleNotice'));

/**
 * The booking system of /book-online: the patient variant (guest or signed in) and the
 * employee variant (books for a chosen patient). The booking store drives the steps; this
 * component shows the current one, moves focus to it and announces it.
 */
export function BookingFlow() {
  const t = useTranslations('Booking');
  const locale = useLocale();
  const stores = useBookingStores();
  const validated = useAuthStore((s) => s.validated);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const profile = useUserStore((s) => s.profile);
  const isEmployee = profile?.is_employee === true;

  const step = useBookingStore((s) => s.step);
  const reachable = useBookingStore((s) => Math.min(s.checkedThrough + 1, BOOKING_STEPS.length - 1));
  const goTo = useBookingStore((s) => s.goTo);
  const expired = useBookingStore((s) => s.expired);
  const patientChosen = useBookingStore((s) => s.patient !== null);
  const rescheduling = useBookingAppointmentStore((s) => s.rescheduling);
  const result = useBookingAppointmentStore((s) => s.result);
  const moved = useBookingAppointmentStore((s) => s.resultWasReschedule);

  const services = useServicesStore((s) => s);
  const skills = useSkillsStore((s) => s);
  const audience = signedIn ? 'signed-in' : 'guest';
  const loadServices = () => void stores.services.getState().load(servicesKey(locale, audience));
  const loadSkills = () => void stores.skills.getState().load(locale);

  const searchParams = useSearchParams();
  useBookingSetup({
    validated,
    isEmployee,
    preselect: searchParams.get('service'),
    patient: searchParams.get('patient'),
    session: { id: searchParams.get('session'), office: searchParams.get('office'), language: searchParams.get('session_language') },
    services: services.items,
  });

  // Fetched when the steps that show them come near, not with the page: the first step
  // needs neither (nor the HTTP client they load).
  const wantsServices = validated && step >= 1;
  const wantsSkills = validated && step >= 3;
  useEffect(() => {
    if (wantsServices) void stores.services.getState().load(servicesKey(locale, audience));
  }, [wantsServices, locale, audience, stores]);
  useEffect(() => {
    if (wantsSkills) void stores.skills.getState().load(locale);
  }, [wantsSkills, locale, stores]);

  // Focus and announce each new step, but not on the page's first render.
  const [seenStep, setSeenStep] = useState(step);
  const [stepChanged, setStepChanged] = useState(false);
  if (step !== seenStep) {
    setSeenStep(step);
    setStepChanged(true);
  }
  const announcement = expired
    ? t('expired')
    : stepChanged
      ? t('stepStatus', { current: step + 1, total: BOOKING_STEPS.length, name: t(`steps.${BOOKING_STEPS[step]!}`) })
      : '';

  function onBooked(booked: BookingResult) {
    const { bookingAppointment, booking } = stores;
    bookingAppointment.getState().setResult(booked);
    bookingAppointment.getState().endReschedule();
    booking.getState().reset();
  }

  const liveRegion = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </p>
  );

  if (!validated) {
    return (
      <p role="status" className={styles.muted}>
        {t('loading')}
      </p>
    );
  }

  if (result) {
    return (
      <div className={styles.flow}>
        {liveRegion}
        <Suspense fallback={<StepPlaceholder />}>
          <BookingSuccess
            result={result}
            moved={moved}
            email={isEmployee ? null : (profile?.email ?? null)}
            signedIn={signedIn}
            onAnother={() => stores.bookingAppointment.getState().clearResult()}
          />
        </Suspense>
      </div>
    );
  }

  const visible = services.items ? visibleServices(services.items, signedIn) : null;
  const focusHeading = stepChanged;
  const stepName = BOOKING_STEPS[step]!;

  return (
    <div className={styles.flow}>
      {liveRegion}
      <h2 className={styles.flowTitle}>{rescheduling ? t('rescheduleTitle') : t('flowTitle')}</h2>
      {rescheduling ? (
        <Suspense fallback={null}>
          <RescheduleNotice
            appointment={rescheduling}
            onCancel={() => {
              stores.bookingAppointment.getState().endReschedule();
              stores.booking.getState().endReschedule();
            }}
          />
        </Suspense>
      ) : null}
      {expired ? (
        <FormAlert tone="info">
          <p>{t('expired')}</p>
        </FormAlert>
      ) : null}
      <BookingProgress step={step} reachable={reachable} onJump={goTo} />
      <Suspense fallback={<StepPlaceholder />}>
        {stepName === 'session' ? <SessionStep focusHeading={focusHeading} isEmployee={isEmployee} /> : null}
        {stepName === 'service' ? (
          <ServiceStep
            focusHeading={focusHeading}
            services={visible}
            loading={services.loading}
            failed={services.failed}
            onRetry={loadServices}
            signedIn={signedIn}
          />
        ) : null}
        {stepName === 'contact' ? <ContactStep focusHeading={focusHeading} forPatient={isEmployee && patientChosen} /> : null}
        {stepName === 'address' ? <AddressStep focusHeading={focusHeading} /> : null}
        {stepName === 'reasons' ? (
          <ReasonsStep focusHeading={focusHeading} skills={skills.items} loading={skills.loading} failed={skills.failed} onRetry={loadSkills} />
        ) : null}
        {stepName === 'location' ? <LocationStep focusHeading={focusHeading} /> : null}
        {stepName === 'datetime' ? <DateTimeStep focusHeading={focusHeading} services={services.items} /> : null}
        {stepName === 'confirmation' ? (
          <ConfirmationStep focusHeading={focusHeading} services={services.items} skills={skills.items} onBooked={onBooked} />
        ) : null}
      </Suspense>
    </div>
  );
}
