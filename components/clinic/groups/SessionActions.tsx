'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { cancelGroupSession, setGroupCapacity } from '@/lib/api/clinicGroups';
import { GROUP_CAPACITY_MAX, GROUP_CAPACITY_MIN, type GroupSessionChoices, type GroupSessionView } from '@/lib/schemas/groupSessions';
import styles from './groups.module.css';
import { SessionMoveForm } from './SessionMoveForm';

interface Props {
  session: GroupSessionView;
  offices: GroupSessionChoices['offices'];
  /** After the server changed it, with its sentence; the page reloads its list. */
  onDone: (message: string) => void;
}

/**
 * A scheduled session's tools on the clinic's page (issue #28): its seats (never below those
 * taken: the server says so), moving it to another date, time or office, and cancelling it, or
 * the rest of its series, after a second click that says what happens to the attendees.
 */
export function SessionActions({ session, offices, onDone }: Props) {
  const t = useTranslations('ClinicGroups');
  const id = useId();
  const [capacity, setCapacity] = useState(String(session.capacity));
  const [confirming, setConfirming] = useState<'session' | 'series' | null>(null);
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Focus follows what opens and closes: the confirmation's text, then back to the button that opened it.
  const moveButton = useRef<HTMLButtonElement>(null);
  const sessionButton = useRef<HTMLButtonElement>(null);
  const seriesButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<'move' | 'session' | 'series' | null>(null);
  const confirmText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) confirmText.current?.focus();
    else if (!moving && returnTo.current) {
      ({ move: moveButton, session: sessionButton, series: seriesButton })[returnTo.current].current?.focus();
      returnTo.current = null;
    }
  }, [confirming, moving]);
  const open = (what: 'move' | 'session' | 'series') => {
    returnTo.current = what;
    if (what === 'move') setMoving(true);
    else setConfirming(what);
  };

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setProblem(null);
    try {
      onDone(await action());
    } catch (failure) {
      setProblem(readApiFailure(failure).message ?? t('actionFailed'));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const seats = Number(capacity);
  const seatsValid = /^\d+$/.test(capacity) && seats >= GROUP_CAPACITY_MIN && seats <= GROUP_CAPACITY_MAX;
  return (
    <div className={styles.actions}>
      <form
        method="post"
        className={styles.capacity}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!seatsValid) setProblem(t('capacityInvalid'));
          else void run(() => setGroupCapacity(session.id, seats));
        }}
      >
        <label htmlFor={`${id}-capacity`}>{t('capacity')}</label>
        <input
          id={`${id}-capacity`}
          type="number"
          inputMode="numeric"
          min={Math.max(GROUP_CAPACITY_MIN, session.seats_taken)}
          max={GROUP_CAPACITY_MAX}
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          aria-invalid={problem !== null && !seatsValid}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={busy || capacity === String(session.capacity)}>
          {t('saveCapacity')}
        </button>
      </form>
      {moving ? <SessionMoveForm session={session} offices={offices} onDone={onDone} onClose={() => setMoving(false)} /> : null}
      {moving ? null : confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} ref={confirmText} tabIndex={-1}>{t(confirming === 'series' ? 'confirmSeries' : 'confirmSession', { attendees: session.seats_taken })}</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void run(() => cancelGroupSession(session.id, confirming === 'series'))}>
            {t(confirming === 'series' ? 'cancelSeriesYes' : 'cancelSessionYes')}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(null)}>
            {t('keep')}
          </button>
        </div>
      ) : (
        <div className={styles.cancelButtons}>
          <button type="button" className="button button--secondary" ref={moveButton} onClick={() => open('move')}>
            {t('move')}
          </button>
          <button type="button" className="button button--secondary" ref={sessionButton} onClick={() => open('session')}>
            {t('cancelSession')}
          </button>
          {session.series_id !== null ? (
            <button type="button" className="button button--secondary" ref={seriesButton} onClick={() => open('series')}>
              {t('cancelSeries')}
            </button>
          ) : null}
        </div>
      )}
      {problem ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
