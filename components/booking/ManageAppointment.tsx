'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ManageReceipts } from '@/components/profile/receipts/ManageReceipts';
import { FormAlert } from '@/components/ui/form/FormParts';
import facts from '@/components/ui/facts.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { manageApi, type ManagedAppointment } from '@/lib/api/manage';
import { clinic } from '@/lib/clinic';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import styles from './booking.module.css';
import { JoinButton } from './JoinButton';
import { ManageReschedule } from './ManageReschedule';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string | null } | { state: 'ready'; appointment: ManagedAppointment };

/** The page's fragment: the e-mailed link's token (`#<token>`), which never reaches a server log. */
const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/**
 * The manage page (issue #15 item 2): the appointment an e-mailed link opens, with what the
 * confirmation says, and, under a patient's rules, its cancel and reschedule; inside the notice,
 * the policy and the clinic's phone number instead. A virtual visit has its Join button, and a
 * paid one its receipts (issue #20).
 */
export function ManageAppointment() {
  const t = useTranslations('Manage');
  const format = useFormatter();
  // null while prerendered: the token is only known in the browser.
  const hash = useSyncExternalStore(subscribeHash, () => window.location.hash, () => null);
  const token = hash === null ? null : hash.replace(/^#/, '');
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; load: Load } | null>(null);
  const [done, setDone] = useState<'cancelled' | 'moved' | null>(null);
  const [mode, setMode] = useState<'view' | 'confirmCancel' | 'reschedule'>('view');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const key = `${token}:${attempt}`;

  useEffect(() => {
    if (!token) return;
    let live = true;
    manageApi.view(token).then(
      ({ appointment }) => live && setResult({ key, load: { state: 'ready', appointment } }),
      (failure: unknown) => live && setResult({ key, load: { state: 'failed', message: readApiFailure(failure).message } }),
    );
    return () => {
      live = false;
    };
  }, [token, key]);

  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  const load: Load = hash === null ? { state: 'loading' } : !token ? { state: 'missing' } : result?.key === key ? result.load : { state: 'loading' };
  const phone = formatPhone(clinic.phone);
  if (load.state === 'loading') return <p role="status">{t('loading')}</p>;
  if (load.state === 'missing') return <FormAlert>{t('missingLink', { phone })}</FormAlert>;
  if (load.state === 'failed' || !token) {
    return (
      <div className={styles.manage}>
        <FormAlert>{load.state === 'failed' && load.message ? load.message : t('loadFailed')}</FormAlert>
        {token ? (
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        ) : null}
      </div>
    );
  }

  const { appointment } = load;
  const settle = (next: ManagedAppointment, outcome: 'cancelled' | 'moved') => {
    setResult({ key, load: { state: 'ready', appointment: next } });
    setDone(outcome);
    setMode('view');
  };
  const cancel = () => {
    setBusy(true);
    setError(null);
    manageApi.cancel(token).then(
      ({ appointment: next }) => settle(next, 'cancelled'),
      (failure: unknown) => setError(readApiFailure(failure).message ?? t('loadFailed')),
    ).finally(() => setBusy(false));
  };

  return (
    <div className={styles.manage}>
      {done ? (
        <p ref={status} tabIndex={-1} role="status" className={styles.manageDone}>
          {t(done === 'cancelled' ? 'cancelledNow' : 'movedNow')}
        </p>
      ) : null}
      {appointment.first_name ? <p>{t('greeting', { name: appointment.first_name })}</p> : null}
      <AppointmentFacts appointment={appointment} />
      {appointment.join_url ? (
        <JoinButton
          url={appointment.join_url}
          start={appointment.start}
          end={appointment.end}
          label={t('join')}
          notYet={(opensAt) => t('joinOpens', { time: format.dateTime(opensAt, { timeStyle: 'short' }) })}
        />
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      <ManageActions
        appointment={appointment}
        mode={mode}
        busy={busy}
        onMode={(next) => {
          setError(null);
          setMode(next);
        }}
        onCancel={cancel}
      />
      {mode === 'reschedule' ? (
        <ManageReschedule token={token} onMoved={(next) => settle(next, 'moved')} onBack={() => setMode('view')} />
      ) : null}
      <ManageReceipts token={token} />
    </div>
  );
}

/** The appointment as its confirmation describes it (the waitlist page shows a claimed offer's visit with it too). */
export function AppointmentFacts({ appointment }: { appointment: ManagedAppointment }) {
  const t = useTranslations('Manage');
  const format = useFormatter();
  const minutes = Math.round((Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000);
  const total = format.number(appointment.total_cents / 100, { style: 'currency', currency: 'CAD' });
  const rows: Array<[string, string]> = [
    [t('statusLabel'), t(`status.${appointment.status}`)],
    [t('service'), appointment.service_name],
    [t('when'), format.dateTime(new Date(appointment.start), { dateStyle: 'full', timeStyle: 'short' })],
    [t('duration'), t('minutes', { minutes })],
    [t('location'), appointment.location.kind === 'virtual' ? t('virtual') : `${appointment.location.name}, ${appointment.location.address}`],
    [t('dietitian'), appointment.dietitian_name],
    [t('total'), `${total} (${t(appointment.tax_cents > 0 ? 'taxIncluded' : 'hstExempt')})`],
  ];
  return (
    <dl className={facts.facts}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ActionsProps {
  appointment: ManagedAppointment;
  mode: 'view' | 'confirmCancel' | 'reschedule';
  busy: boolean;
  onMode: (mode: 'view' | 'confirmCancel' | 'reschedule') => void;
  onCancel: () => void;
}

/** Cancel and reschedule while allowed; otherwise what to do instead. */
function ManageActions({ appointment, mode, busy, onMode, onCancel }: ActionsProps) {
  const t = useTranslations('Manage');
  const phone = formatPhone(clinic.phone);
  const hours = appointment.cancellation_notice_hours;
  if (appointment.status === 'cancelled') {
    return (
      <p>
        {t('cancelledNote')}{' '}
        <Link href="/book-online" prefetch={false}>
          {t('bookAgain')}
        </Link>
      </p>
    );
  }
  if (appointment.status !== 'booked' || appointment.has_started) return <p>{t('pastNote')}</p>;
  if (!appointment.can_change) {
    return (
      <p>
        {t('tooLate', { hours, phone })}{' '}
        <a href={phoneHref(clinic.phone)} aria-label={`${t('phoneLabel')} ${phone}`}>
          {phone}
        </a>
      </p>
    );
  }
  if (mode === 'confirmCancel') {
    return (
      <section className={styles.manageConfirm} aria-labelledby="manage-cancel-title">
        <h2 id="manage-cancel-title">{t('cancelConfirmTitle')}</h2>
        <p>{t('cancelConfirmText')}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={onCancel} disabled={busy} aria-busy={busy}>
            {busy ? t('cancelling') : t('cancelConfirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onMode('view')} disabled={busy}>
            {t('keep')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <>
      <p>{hours > 0 ? t('policy', { hours }) : t('policyAnyTime')}</p>
      {mode === 'view' ? (
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => onMode('reschedule')}>
            {t('reschedule')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => onMode('confirmCancel')}>
            {t('cancel')}
          </button>
        </div>
      ) : null}
    </>
  );
}
