'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import listStyles from '@/components/ui/list.module.css';
import text from '@/components/ui/text.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { mailFailures, retryMail, type FailedMail } from '@/lib/api/clinicTeam';
import { dateLanguage, formatDateTime } from '@/lib/format/dates';
import styles from './team.module.css';

/** The server's technical labels (lib/server/**: queueEmail's `purpose`) and their texts' keys. */
const PURPOSES = {
  'appointment booked': 'appointmentBooked',
  'appointment rescheduled': 'appointmentRescheduled',
  'appointment cancelled': 'appointmentCancelled',
  'dietitian notice (booked)': 'dietitianBooked',
  'dietitian notice (rescheduled)': 'dietitianRescheduled',
  'dietitian notice (cancelled)': 'dietitianCancelled',
  'appointment reminder': 'reminder',
  verification: 'verification',
  'password reset': 'passwordReset',
  welcome: 'welcome',
  'contact message': 'contactMessage',
  'contact acknowledgement': 'contactAcknowledgement',
  'intake acknowledgement': 'intakeAcknowledgement',
} as const;

function isKnownPurpose(purpose: string): purpose is keyof typeof PURPOSES {
  return Object.hasOwn(PURPOSES, purpose);
}

/**
 * The e-mails the system gave up on (administrators only, inside the team page), each with a
 * "Send again" button. A sent-again e-mail leaves the list; the server's answer is a toast.
 */
export function MailFailures() {
  const t = useTranslations('ClinicTeam.mailFailures');
  const { emails, failed, reload, remove } = useFailedMails();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const removeAndRefocus = (id: number) => {
    remove(id);
    // The pressed button is gone with its item: keep the reader in this section.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <section aria-labelledby="team-mail-failures" className={styles.section}>
      <h2 id="team-mail-failures" ref={headingRef} tabIndex={-1} className={text.focusTarget}>
        {t('heading')}
      </h2>
      <p className={styles.muted}>{t('intro')}</p>
      {failed ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('reload')}
          </button>
        </div>
      ) : emails === null ? (
        <p className={styles.muted} role="status">
          {t('loading')}
        </p>
      ) : emails.length === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {emails.map((mail) => (
            <FailedMailItem key={mail.id} mail={mail} onGone={() => removeAndRefocus(mail.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One e-mail: its subject and kind, to whom, since when, how many tries, why the last one failed. */
function FailedMailItem({ mail, onGone }: { mail: FailedMail; onGone: () => void }) {
  const t = useTranslations('ClinicTeam.mailFailures');
  const language = dateLanguage(useLocale());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(false);
  const queued = formatDateTime(mail.created_at, language, 'medium');
  const purpose = isKnownPurpose(mail.purpose) ? t(`purposes.${PURPOSES[mail.purpose]}`) : mail.purpose;

  const sendAgain = async () => {
    if (pending) return;
    setPending(true);
    setError(false);
    try {
      await retryMail(mail.id);
      onGone();
    } catch (failure) {
      setPending(false);
      // No longer given up on (a colleague sent it again): the toast says so, the item goes.
      if (readApiFailure(failure).code === 'mail_not_found') onGone();
      else setError(true);
    }
  };

  return (
    <li className={listStyles.item}>
      <h3 id={`team-mail-${mail.id}`} className={`${styles.name} ${text.breakable}`}>
        {mail.subject}
      </h3>
      <p className={styles.title}>{purpose}</p>
      <dl className={`${listStyles.meta} ${styles.meta}`}>
        <div>
          <dt>{t('recipient')}</dt>
          <dd className={text.breakable}>{mail.recipient}</dd>
        </div>
        <div>
          <dt>{t('queued')}</dt>
          <dd>
            <time dateTime={mail.created_at}>{queued}</time>
          </dd>
        </div>
        <div>
          <dt>{t('attempts')}</dt>
          <dd>{mail.attempts}</dd>
        </div>
        <div>
          <dt>{t('lastError')}</dt>
          <dd className={text.breakable}>{mail.last_error ?? t('noError')}</dd>
        </div>
      </dl>
      {error ? (
        <div className={`${text.alert} ${styles.alert}`} role="alert">
          <p>{t('failed')}</p>
        </div>
      ) : null}
      <div className="button-row">
        <button type="button" className="button button--secondary" aria-disabled={pending} onClick={() => void sendAgain()}>
          {pending ? t('sending') : t('sendAgain')}{' '}
          <span className="visually-hidden">{t('sendAgainWhich', { subject: mail.subject, recipient: mail.recipient })}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * The list, loaded once (and again on `reload` after a failure); only the latest request's
 * answer is kept. `remove` drops an e-mail sent again.
 */
function useFailedMails() {
  const [emails, setEmails] = useState<FailedMail[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const call = ++latest.current;
    const controller = new AbortController();
    mailFailures(controller.signal).then(
      (data) => {
        if (call !== latest.current) return;
        setEmails(data);
        setFailed(false);
      },
      () => {
        if (call === latest.current && !controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setFailed(false);
    setEmails(null);
    setAttempt((n) => n + 1);
  }, []);
  const remove = useCallback((id: number) => setEmails((list) => list && list.filter((mail) => mail.id !== id)), []);

  return { emails, failed, reload, remove };
}
