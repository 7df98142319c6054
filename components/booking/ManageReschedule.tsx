'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { FormAlert } from '@/components/ui/form/FormParts';
import { readApiFailure } from '@/lib/api/auth';
import { manageApi } from '@/lib/api/manage';
import type { AppointmentOptions } from '@/lib/schemas/bookingSlots';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';
import { clinic } from '@/lib/clinic';
import { formatPhone } from '@/lib/format/phone';
import { bookableDates } from '@/stores/bookingSteps';
import styles from './booking.module.css';
import { SlotPicker } from './steps/SlotPicker';

interface Props {
  token: string;
  onMoved: (appointment: ManagedAppointment) => void;
  onBack: () => void;
}

/**
 * The manage page's reschedule: the booking flow's date-and-time step for this visit (same
 * service, office, language and reasons, under the same availability rules), then one click.
 */
export function ManageReschedule({ token, onMoved, onBack }: Props) {
  const t = useTranslations('Manage');
  const [options, setOptions] = useState<AppointmentOptions | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server's message, or '' for a failure it did not explain (shown as loadFailed). */
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    manageApi.slots(token).then(
      ({ appointment_options }) => setOptions(appointment_options),
      (failure: unknown) => setError(readApiFailure(failure).message ?? ''),
    );
  }, [token]);

  const dates = bookableDates(options);
  const move = () => {
    if (!slot) return;
    setBusy(true);
    setError(null);
    manageApi.reschedule(token, slot).then(
      ({ appointment }) => onMoved(appointment),
      (failure: unknown) => {
        setError(readApiFailure(failure).message ?? '');
        // The time may have just been taken: offer what is free now.
        setSlot(null);
        manageApi.slots(token).then(({ appointment_options }) => setOptions(appointment_options), () => undefined);
      },
    ).finally(() => setBusy(false));
  };

  return (
    <section className={styles.manageConfirm} aria-labelledby="manage-pick-title">
      <h2 id="manage-pick-title">{t('pickTitle')}</h2>
      {options === null && error === null ? <p role="status">{t('loadingTimes')}</p> : null}
      {options !== null && dates.length === 0 ? <p role="status">{t('noTimes', { phone: formatPhone(clinic.phone) })}</p> : null}
      {options !== null && dates.length > 0 ? (
        <SlotPicker
          options={options}
          date={date}
          slot={slot}
          onDate={(day) => {
            setDate(day);
            setSlot(null);
          }}
          onSlot={setSlot}
          slotsId="manage-slots"
          heading="h3"
        />
      ) : null}
      {error !== null ? <FormAlert>{error || t('loadFailed')}</FormAlert> : null}
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={move} disabled={!slot || busy} aria-busy={busy}>
          {busy ? t('moving') : t('confirmMove')}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          {t('back')}
        </button>
      </div>
    </section>
  );
}
