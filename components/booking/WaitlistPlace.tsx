'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Facts } from '@/components/ui/Facts';
import { readApiFailure } from '@/lib/api/auth';
import { waitlistApi } from '@/lib/api/waitlist';
import type { WaitlistEntry, WaitlistOffer } from '@/lib/schemas/waitlist';
import { clinic } from '@/lib/clinic';
import { dateLanguage, formatDateTime, formatDateWindow, weekdayName } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import { isLinkToken } from '@/lib/schemas/linkToken';
import { Link } from '@/lib/i18n/navigation';
import styles from './booking.module.css';
import { LinkViewStatus } from './LinkViewStatus';
import { AppointmentFacts } from './ManageAppointment';
import { useLinkView } from './useLinkView';



/**
 * The waitlist page (issue #16): the place on the list an e-mailed link opens, and, from an
 * offer's link, the freed time with its one-click booking. While the place is active, it can be
 * left, after a confirmation. Modelled on the manage page (ManageAppointment.tsx).
 */
export function WaitlistPlace() {
  const t = useTranslations('Waitlist');
  const { load, retry, show } = useLinkView(waitlistApi.view, isLinkToken);
  const [done, setDone] = useState<'booked' | 'left' | null>(null);
  // 'back': the confirmation was declined, and focus returns to the button that opened it.
  const [leaveStep, setLeaveStep] = useState<'idle' | 'confirm' | 'back'>('idle');
  const [busy, setBusy] = useState<'claim' | 'leave' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const leaveTitle = useRef<HTMLHeadingElement>(null);
  const leaveButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);
  useEffect(() => {
    if (error) alert.current?.focus();
  }, [error]);
  useEffect(() => {
    if (leaveStep === 'confirm') leaveTitle.current?.focus();
    if (leaveStep === 'back') leaveButton.current?.focus();
  }, [leaveStep]);

  if (load.state !== 'ready') {
    const texts = { loading: t('loading'), missing: t('missingLink', { phone: formatPhone(clinic.phone) }), failed: t('loadFailed'), retry: t('retry') };
    return <LinkViewStatus load={load} texts={texts} onRetry={retry} />;
  }

  const { token } = load;
  const { entry, offer, appointment } = load.view;
  const run = (action: 'claim' | 'leave') => {
    setBusy(action);
    setError(null);
    setDone(null);
    waitlistApi[action](token).then(
      (view) => {
        show(view);
        setDone(action === 'claim' ? 'booked' : 'left');
        setLeaveStep('idle');
      },
      (failure: unknown) => {
        const { status: httpStatus, message } = readApiFailure(failure);
        setError(message ?? t('requestFailed'));
        // The offer or the place changed (taken, expired, ended): show it as it is now.
        if (httpStatus === 409 || httpStatus === 410) waitlistApi.view(token).then(show, () => {});
      },
    ).finally(() => setBusy(null));
  };

  return (
    <div className={styles.manage}>
      {done ? (
        <p ref={status} tabIndex={-1} role="status" className={styles.manageDone}>
          {t(done === 'booked' ? 'bookedNow' : 'leftNow')}
        </p>
      ) : null}
      {entry.first_name ? <p>{t('greeting', { name: entry.first_name })}</p> : null}
      {error ? (
        <p ref={alert} tabIndex={-1} role="alert" className={styles.waitlistAlert}>
          {error}
        </p>
      ) : null}
      {offer && appointment ? (
        <section className={styles.manageConfirm} aria-labelledby="waitlist-appointment-title">
          <h2 id="waitlist-appointment-title">{t('appointmentTitle')}</h2>
          <AppointmentFacts appointment={appointment} />
          <p>{t('appointmentNote')}</p>
        </section>
      ) : offer ? (
        <OfferCard offer={offer} entry={entry} busy={busy} onClaim={() => run('claim')} />
      ) : null}
      <section className={styles.manageConfirm} aria-labelledby="waitlist-place-title">
        <h2 id="waitlist-place-title">{t('placeTitle')}</h2>
        <PlaceFacts entry={entry} />
        <p>{t(`statusNote.${entry.status}`)}</p>
        {entry.status === 'active' ? (
          leaveStep === 'confirm' ? (
            <section className={styles.manageConfirm} aria-labelledby="waitlist-leave-title">
              <h3 id="waitlist-leave-title" ref={leaveTitle} tabIndex={-1}>{t('leaveConfirmTitle')}</h3>
              <p>
                {t('leaveConfirmText')}
                {offer?.status === 'open' ? ` ${t('leaveConfirmOffer')}` : null}
              </p>
              <div className="button-row">
                <button type="button" className="button button--primary" onClick={() => run('leave')} disabled={busy !== null} aria-busy={busy === 'leave'}>
                  {busy === 'leave' ? t('leaving') : t('leaveConfirm')}
                </button>
                <button type="button" className="button button--secondary" onClick={() => setLeaveStep('back')} disabled={busy !== null}>
                  {t('stay')}
                </button>
              </div>
            </section>
          ) : (
            <div className="button-row">
              <button
                ref={leaveButton}
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setError(null);
                  setLeaveStep('confirm');
                }}
                disabled={busy !== null}
              >
                {t('leave')}
              </button>
            </div>
          )
        ) : entry.status !== 'booked' ? (
          <p>
            {t('joinAgain')}{' '}
            <Link href="/book-online" prefetch={false}>
              {t('bookAgain')}
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

interface OfferProps {
  offer: WaitlistOffer;
  entry: WaitlistEntry;
  busy: 'claim' | 'leave' | null;
  onClaim: () => void;
}

/** The time offered: while open, its one-click booking; after, what became of it. */
function OfferCard({ offer, entry, busy, onClaim }: OfferProps) {
  const t = useTranslations('Waitlist');
  const m = useTranslations('Manage');
  const format = useFormatter();
  const language = dateLanguage(useLocale());
  const minutes = Math.round((Date.parse(offer.end) - Date.parse(offer.start)) / 60_000);
  const total = format.number(offer.total_cents / 100, { style: 'currency', currency: 'CAD' });
  const open = offer.status === 'open';
  const statusKey = offer.status === 'open' ? null : offerStatusKey(offer.status, entry);
  return (
    <section className={open ? `${styles.manageConfirm} ${styles.waitlistOffer}` : styles.manageConfirm} aria-labelledby="waitlist-offer-title">
      <h2 id="waitlist-offer-title">{t(open ? 'offerTitle' : 'offerPastTitle')}</h2>
      <Facts
        rows={[
          [m('service'), entry.service_name],
          [m('when'), formatDateTime(offer.start, language, 'full')],
          [m('duration'), m('minutes', { minutes })],
          [m('location'), locationText(entry, m('virtual'))],
          [m('dietitian'), offer.dietitian_name],
          [m('total'), `${total} (${m(offer.tax_cents > 0 ? 'taxIncluded' : 'hstExempt')})`],
        ]}
      />
      {statusKey === null ? (
        <>
          <p>{t('offerUntil', { time: formatDateTime(offer.expires_at, language, 'full') })}</p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={onClaim} disabled={busy !== null} aria-busy={busy === 'claim'}>
              {busy === 'claim' ? t('claiming') : t('claim')}
            </button>
          </div>
          <p>{t('offerSkip')}</p>
        </>
      ) : (
        <p>
          {t(`offerStatus.${statusKey}`)}
          {statusKey !== 'claimed' && statusKey !== 'replaced' && entry.status === 'active' ? ` ${t('stillListed')}` : null}
        </p>
      )}
    </section>
  );
}

/**
 * What became of an offer: a withdrawn one says why. The place ended (left, or removed by the
 * clinic), or, while it is still active, the clinic replaced the offer with a newer one.
 */
function offerStatusKey(status: Exclude<WaitlistOffer['status'], 'open'>, entry: WaitlistEntry) {
  if (status !== 'withdrawn') return status;
  if (entry.status === 'left') return 'withdrawnLeft';
  if (entry.status === 'removed') return 'withdrawnRemoved';
  return entry.status === 'active' ? 'replaced' : 'withdrawn';
}

/** The place's preferences, as the confirmation e-mail states them. */
function PlaceFacts({ entry }: { entry: WaitlistEntry }) {
  const t = useTranslations('Waitlist');
  const m = useTranslations('Manage');
  const format = useFormatter();
  const locale = useLocale();
  const capital = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  const language = dateLanguage(locale);
  const weekday = (day: number) => weekdayName(day, language);
  const days = entry.weekdays.length === 7 ? t('anyDay') : format.list(entry.weekdays.map(weekday), { type: 'conjunction' });
  const rows: Array<[string, string]> = [
    [m('statusLabel'), t(`status.${entry.status}`)],
    [m('service'), entry.service_name],
    [m('location'), locationText(entry, m('virtual'))],
    [t('dates'), capital(formatDateWindow(entry.from_date, entry.to_date, language))],
    [t('times'), capital(format.list(entry.times_of_day.map((time) => t(`timeOfDay.${time}`)), { type: 'disjunction' }))],
    [t('days'), capital(days)],
  ];
  if (entry.dietitian_name) rows.push([m('dietitian'), entry.dietitian_name]);
  return <Facts rows={rows} />;
}

function locationText(entry: WaitlistEntry, virtual: string): string {
  return entry.location.kind === 'virtual' ? virtual : `${entry.location.name}, ${entry.location.address}`;
}
