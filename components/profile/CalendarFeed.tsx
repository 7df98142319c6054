'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import formStyles from '@/components/ui/form/form.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { getCalendarFeed, makeCalendarFeed, setCalendarFeedTitles, turnOffCalendarFeed } from '@/lib/api/calendarFeed';
import { dateLanguage, formatDate } from '@/lib/format/dates';
import type { CalendarFeedStatus } from '@/lib/schemas/calendarFeed';
import styles from './profile.module.css';

type Titles = CalendarFeedStatus['titles'];

/**
 * The employee's private calendar feed (issue #41): make the link (shown once, with a copy button
 * for each address and how to add it to Google, Apple or Outlook), make a new one (the old one
 * stops at once), choose what the events are called, or turn the feed off.
 */
export function CalendarFeed({ className }: { className?: string }) {
  const t = useTranslations('CalendarFeed');
  const language = dateLanguage(useLocale());
  const [feed, setFeed] = useState<CalendarFeedStatus | null>(null);
  const [titles, setTitles] = useState<Titles>('service');
  const [urls, setUrls] = useState<{ https: string; webcal: string } | null>(null);
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getCalendarFeed(controller.signal).then(
      (status) => {
        setFeed(status);
        setTitles(status.titles);
      },
      () => {
        if (!controller.signal.aborted) setFailure(t('failed'));
      },
    );
    return () => controller.abort();
  }, [t]);

  const act = async (call: () => Promise<{ feed: CalendarFeedStatus; message: string; urls?: { https: string; webcal: string } }>) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await call();
      setFeed(result.feed);
      setUrls(result.urls ?? (result.feed.active ? urls : null));
      setSaid(result.message);
    } catch (error) {
      setFailure(readApiFailure(error).message ?? t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={className} aria-labelledby="profile-calendar-feed">
      <h2 id="profile-calendar-feed">{t('heading')}</h2>
      <p>{t('intro')}</p>
      {feed === null && !failure ? <p role="status">{t('loading')}</p> : null}
      {feed ? <p>{feed.active && feed.created_at ? t('on', { date: formatDate(feed.created_at, language, 'long') }) : t('off')}</p> : null}
      <p role="status" className={styles.notesToSign}>
        {said}
      </p>
      {failure ? (
        <p role="alert" className={formStyles.error}>
          {failure}
        </p>
      ) : null}
      {urls ? <FeedLinks urls={urls} /> : null}
      {feed ? (
        <>
          <fieldset className={formStyles.fieldset}>
            <legend className={formStyles.label}>{t('titles')}</legend>
            <div className={formStyles.radios}>
              {(['service', 'initials'] as const).map((value) => (
                <label key={value} className={formStyles.radio}>
                  <input type="radio" name="calendar-feed-titles" value={value} checked={titles === value} onChange={() => setTitles(value)} />
                  {value === 'service' ? t('titlesService') : t('titlesInitials')}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="button-row">
            <button type="button" className="button button--primary" aria-disabled={busy} onClick={() => void act(() => makeCalendarFeed(titles))}>
              {feed.active ? t('remake') : t('make')}
            </button>
            {feed.active ? (
              <>
                <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => void act(() => setCalendarFeedTitles(titles))}>
                  {t('saveTitles')}
                </button>
                <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => void act(turnOffCalendarFeed)}>
                  {t('turnOff')}
                </button>
              </>
            ) : null}
          </div>
          <h3>{t('howHeading')}</h3>
          <ul>
            <li>{t('google')}</li>
            <li>{t('apple')}</li>
            <li>{t('outlook')}</li>
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The two addresses of a link just made, each with its copy button. */
function FeedLinks({ urls }: { urls: { https: string; webcal: string } }) {
  const t = useTranslations('CalendarFeed');
  const [copied, setCopied] = useState('');
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t('copied'));
    } catch {
      setCopied(t('copyFailed'));
    }
  };
  const link = (id: string, label: string, url: string, which: string) => (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={formStyles.input} readOnly value={url} onFocus={(event) => event.target.select()} />
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => void copy(url)}>
          {t('copy', { which })}
        </button>
      </div>
    </div>
  );
  return (
    <div>
      {link('calendar-feed-webcal', t('webcal'), urls.webcal, t('linkWebcal'))}
      {link('calendar-feed-https', t('https'), urls.https, t('linkHttps'))}
      <p role="status">{copied}</p>
    </div>
  );
}
