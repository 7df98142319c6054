'use client';

import { useEffect, useRef, useState } from 'react';
import type { AppointmentSummary } from '@/lib/api/booking';
import { useRouter } from '@/lib/i18n/navigation';
import { useBookingAppointmentStore, useBookingStores } from '@/stores/useBookingStores';

/**
 * Rescheduling and cancelling from a list of appointment cards: the profile's and a patient's
 * record in the clinic. `refresh` reloads the list after a cancellation, also after a failure
 * (it may be out of date); `list` is what it reloads, so focus is mended once it changed.
 */
export function useAppointmentActions(refresh: () => unknown, list: unknown) {
  const { bookingApi } = useBookingStores();
  const startReschedule = useBookingAppointmentStore((s) => s.startReschedule);
  const router = useRouter();
  const [toCancel, setToCancel] = useState<AppointmentSummary | null>(null);
  const [cancelling, setCancelling] = useState(false);
  /** The list's heading: focus goes there when the button it should go back to is gone. */
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Where focus goes back when the dialog closes: the Cancel button that opened it. */
  const cancelButton = useRef<HTMLButtonElement | null>(null);

  // A refresh can remove the button focus went back to (the appointment is gone, or can no
  // longer be cancelled): then the section's heading takes focus rather than the page's body.
  useEffect(() => {
    const button = cancelButton.current;
    if (!button || button.isConnected) return;
    cancelButton.current = null;
    if (document.activeElement === document.body) headingRef.current?.focus();
  }, [list]);

  const reschedule = (appointment: AppointmentSummary) => {
    startReschedule(appointment);
    router.push('/book-online');
  };

  const askCancel = (selected: AppointmentSummary, button: HTMLButtonElement) => {
    cancelButton.current = button;
    setToCancel(selected);
  };

  const confirmCancel = async () => {
    if (!toCancel) return;
    setCancelling(true);
    try {
      await bookingApi.cancelAppointment(toCancel.id);
    } catch {
      // The client has shown the server's reason (e.g. too late to cancel) as a toast.
    }
    setCancelling(false);
    setToCancel(null);
    await refresh();
  };

  const closeDialog = () => {
    setToCancel(null);
    const button = cancelButton.current;
    if (button?.isConnected) button.focus();
    else headingRef.current?.focus();
  };

  return { headingRef, toCancel, cancelling, reschedule, askCancel, confirmCancel, closeDialog };
}
