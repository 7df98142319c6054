'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { readApiFailure } from '@/lib/api/auth';
import { deleteHandout, sendHandouts, sessionHandouts, topicHandouts, uploadHandout } from '@/lib/api/clinicHandouts';
import type { GroupSessionChoices, GroupSessionView } from '@/lib/schemas/groupSessions';
import { HANDOUT_MAX_BYTES, type HandoutView, type SessionHandouts } from '@/lib/schemas/handouts';
import styles from './groups.module.css';

/**
 * Handouts of the group programs (issue #28 item 4) on the clinic's page: PDFs attached to a topic
 * (every session of it hands them out) or to one session, and, once a session has started, the
 * "Send handouts" action that e-mails them to the attendees marked present. Outcomes are said in
 * a status line; a failure in an alert next to the control that caused it.
 */

interface FilesProps {
  kind: 'topic' | 'session';
  ownerId: number;
  handouts: HandoutView[];
  /** After a change, with the server's sentence: the owner reloads its list. */
  onChanged: (message: string) => void;
}

/** A list of handouts, each with its remove button (a topic's only from the topic's list), and the upload form. */
function HandoutFiles({ kind, ownerId, handouts, onChanged }: FilesProps) {
  const t = useTranslations('ClinicGroups');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLParagraphElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: () => Promise<string>, after?: () => void) => {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await action());
      after?.();
    } catch (failure) {
      setProblem(readApiFailure(failure).message ?? t('actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) setProblem(t('handoutChoose'));
    else if (file.size > HANDOUT_MAX_BYTES) setProblem(t('handoutTooLarge'));
    else
      void run(
        () => uploadHandout(kind, ownerId, file),
        () => {
          if (input.current) input.current.value = '';
        },
      );
  };

  return (
    <div className={styles.handouts}>
      <p ref={list} tabIndex={-1} className={styles.muted}>
        {handouts.length === 0 ? t('noHandouts') : t('handoutCount', { count: handouts.length })}
      </p>
      {handouts.length > 0 ? (
        <ul className={styles.handoutList}>
          {handouts.map((handout) => (
            <li key={handout.id}>
              <span>
                {handout.file_name} <span className={styles.muted}>({t('size', { kb: Math.max(1, Math.round(handout.byte_size / 1024)) })}{kind === 'session' && handout.scope === 'topic' ? ` · ${t('fromTopic')}` : ''})</span>
              </span>
              {kind === 'topic' || handout.scope === 'session' ? (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  aria-label={t('removeHandout', { name: handout.file_name })}
                  // The button goes with its row: focus moves to the list's line.
                  onClick={() => void run(() => deleteHandout(handout.id), () => list.current?.focus())}
                >
                  {t('remove')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form method="post" className={styles.upload} noValidate onSubmit={submit} encType="multipart/form-data">
        <label htmlFor={`${id}-file`}>{t('handoutFile')}</label>
        <input
          id={`${id}-file`}
          ref={input}
          type="file"
          name="file"
          accept="application/pdf,.pdf"
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={() => setProblem(null)}
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {busy ? t('attaching') : t('attach')}
        </button>
      </form>
      {problem ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The handouts of a topic, chosen from the active topics. */
export function TopicHandouts({ topics, onChanged }: { topics: GroupSessionChoices['topics']; onChanged: (message: string) => void }) {
  const t = useTranslations('ClinicGroups');
  const id = useId();
  const [topicId, setTopicId] = useState(topics[0]?.id ?? 0);
  const [handouts, setHandouts] = useState<HandoutView[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      topicHandouts(topicId, signal).then(
        (list) => {
          setHandouts(list);
          setFailed(false);
        },
        () => {
          if (!signal?.aborted) setFailed(true);
        },
      ),
    [topicId],
  );
  useEffect(() => {
    if (!topicId) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, topicId]);

  if (topics.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.form}>
      <h2 id={`${id}-title`} className={styles.formTitle}>
        {t('topicHandoutsTitle')}
      </h2>
      <p className={`${styles.formTitle} ${styles.muted}`}>{t('topicHandoutsHint')}</p>
      <div className={styles.formTitle}>
        <label htmlFor={`${id}-topic`}>{t('handoutsTopic')}</label>{' '}
        <select
          id={`${id}-topic`}
          value={topicId}
          onChange={(event) => {
            // The other topic's files (and a failure to load them) go at once: nothing stale to remove.
            setHandouts(null);
            setFailed(false);
            setTopicId(Number(event.target.value));
          }}
        >
          {topics.map((topic) => (
            <option key={topic.id} value={topic.id}>
              {topic.title}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.formTitle}>
        {failed ? (
          <p role="alert">{t('handoutsFailed')}</p>
        ) : handouts ? (
          <HandoutFiles
            kind="topic"
            ownerId={topicId}
            handouts={handouts}
            onChanged={(message) => {
              onChanged(message);
              void load();
            }}
          />
        ) : (
          <p className={styles.muted}>{t('handoutsLoading')}</p>
        )}
      </div>
    </section>
  );
}

/**
 * A session's handouts behind a toggle: its own and its topic's, the upload for this session
 * only, and, once the session has started, "Send handouts" with how many present attendees wait.
 */
export function SessionHandoutsPanel({ session, started, onChanged }: { session: GroupSessionView; started: boolean; onChanged: (message: string) => void }) {
  const t = useTranslations('ClinicGroups');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [data, setData] = useState<SessionHandouts | null>(null);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      sessionHandouts(session.id, signal).then(
        (next) => {
          setData(next);
          setFailed(false);
        },
        () => {
          if (!signal?.aborted) setFailed(true);
        },
      ),
    [session.id],
  );
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, open]);
  // Focus goes into what opens, and back to its button when it closes.
  useEffect(() => {
    if (open) heading.current?.focus();
    else if (wasOpen.current) toggle.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const send = async () => {
    setSending(true);
    setProblem(null);
    try {
      onChanged(await sendHandouts(session.id));
      await load();
    } catch (failure) {
      setProblem(readApiFailure(failure).message ?? t('actionFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.actions}>
      <button type="button" className="button button--secondary" ref={toggle} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((o) => !o)}>
        {t('handouts')}
      </button>
      {open ? (
        <div id={`${id}-panel`} className={styles.handoutPanel}>
          <h4 ref={heading} tabIndex={-1} className={styles.panelTitle}>
            {t('sessionHandoutsTitle')}
          </h4>
          {failed ? (
            <p role="alert">{t('handoutsFailed')}</p>
          ) : data ? (
            <>
              <HandoutFiles
                kind="session"
                ownerId={session.id}
                handouts={data.handouts}
                onChanged={(message) => {
                  onChanged(message);
                  void load();
                }}
              />
              {started ? (
                <div className={styles.cancelButtons}>
                  <p className={styles.muted}>{t('sendState', { unsent: data.unsent_attendees, sent: data.sent_attendees })}</p>
                  <button type="button" className="button button--primary" disabled={sending || data.handouts.length === 0} onClick={() => void send()}>
                    {sending ? t('sending') : t('sendHandouts')}
                  </button>
                </div>
              ) : (
                <p className={styles.muted}>{t('sendNotYet')}</p>
              )}
              {problem ? (
                <p className={styles.problem} role="alert">
                  {problem}
                </p>
              ) : null}
            </>
          ) : (
            <p className={styles.muted}>{t('handoutsLoading')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
