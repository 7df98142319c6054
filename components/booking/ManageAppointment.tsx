'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ManageReceipts } from '@/components/profile/receipts/ManageReceipts';
import { Facts } from '@/components/ui/Facts';
import { FormAlert } from '@/components/ui/form/FormParts';
import { readApiFailure } from '@/lib/api/auth';
import { manageApi } from '@/lib/api/manage';
import type { ManagedAppointment } from '@/lib/schemas/manageAppointment';
import { clinic } from '@/lib/clinic';
import { dateLanguage, formatDateTime, formatTime } from '@/lib/format/dates';
import { formatPhone, phoneHref } from '@/lib/format/phone';
import { Link } from '@/lib/i18n/navigation';
import styles from './booking.module.css';
import { JoinButton } from './JoinButton';
import { LinkViewStatus } from './LinkViewStatus';
import { ManageReschedule } from './ManageReschedule';
import { useLinkView } from './useLinkView';

const viewAppointment = (token: string) => manageApi.view(token).then(({ appointment }) => appointment);

/**
 * The manage page (issue #15 item 2): the appointment an e-mailed link opens, with what the
 * confirmation says, and, under a patient's rules, its cancel and reschedule; inside the notice,
 * the policy and the clinic's phone number instead. A virtual visit has its Join button, and a
 * paid one its receipts (issue #20).
 */
export function ManageAppointment() {
  const t = useTranslations('Manage');
  const language = dateLanguage(useLocale());
  const { load, retry, show } = useLinkView(viewAppointment);
  const [done, setDone] = useState<'cancelled' | 'moved' | null>(null);
  const [mode, setMode] = useState<'view' | 'confirmCancel' | 'reschedule'>('view');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  if (load.state !== 'ready') {
    const texts = { loading: t('loading'), missing: t('missingLink', { phone: formatPhone(clinic.phone) }), failed: t('loadFailed'), retry: t('retry') };
    return <LinkViewStatus load={load} texts={texts} onRetry={retry} />;
  }

  const { view: appointment, token } = load;
  const settle = (next: ManagedAppointment, outcome: 'cancelled' | 'moved') => {
    show(next);
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
          notYet={(opensAt) => t('joinOpens', { time: formatTime(opensAt, language) })}
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
      <p>{t.rich('myData', { link: (chunks) => <Link href="/my-data-request">{chunks}</Link> })}</p>
    </div>
  );
}

/** The appointment as its confirmation describes it (the waitlist page shows a claimed offer's visit with it too). */
export function AppointmentFacts({ appointment }: { appointment: ManagedAppointment }) {
  const t = useTranslations('Manage');
  const format = useFormatter();
  const language = dateLanguage(useLocale());
  const minutes = Math.round((Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000);
  const total = format.number(appointment.total_cents / 100, { style: 'currency', currency: 'CAD' });
  const rows: Array<[string, string]> = [
    [t('statusLabel'), t(`status.${appointment.status}`)],
    [t('service'), appointment.service_name],
    [t('when'), formatDateTime(appointment.start, language, 'full')],
    [t('duration'), t('minutes', { minutes })],
    [t('location'), appointment.location.kind === 'virtual' ? t('virtual') : `${appointment.location.name}, ${appointment.location.address}`],
    [t('dietitian'), appointment.dietitian_name],
    [t('total'), `${total} (${t(appointment.tax_cents > 0 ? 'taxIncluded' : 'hstExempt')})`],
  ];
  return <Facts rows={rows} />;
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
          {appointment.can_move ? (
            <button type="button" className="button button--primary" onClick={() => onMode('reschedule')}>
              {t('reschedule')}
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={() => onMode('confirmCancel')}>
            {t('cancel')}
          </button>
        </div>
      ) : null}
    </>
  );
}
