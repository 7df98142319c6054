'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import formStyles from '@/components/ui/form/form.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { deleteEntry, getEntry, signEntry } from '@/lib/api/chart';
import { dateLanguage, formatDateTime, formatTime } from '@/lib/format/dates';
import { Link, useRouter } from '@/lib/i18n/navigation';
import type { ChartEntryView } from '@/lib/schemas/chart';
import type { ChartPrivacy } from '@/lib/schemas/chartValues';
import styles from './chart.module.css';
import { contentOf, formOf, type DraftForm } from './draftForm';
import { DraftFields } from './DraftFields';
import { EntryActions } from './EntryActions';
import { EntryBody } from './EntryBody';
import { useDraftAutosave, type SaveState } from './useDraftAutosave';

type Problem = 'forbidden' | 'notFound' | 'failed' | null;

/** One entry's page: its author writes the draft here (saved as she types), then signs it; a signed entry is shown as the chart shows it. */
export function EntryEditor({ id }: { id: string }) {
  const t = useTranslations('Chart');
  const [entry, setEntry] = useState<ChartEntryView | null>(null);
  const [problem, setProblem] = useState<{ kind: Problem; message: string | null }>({ kind: null, message: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getEntry(id, controller.signal).then(setEntry, (error: unknown) => {
      if (controller.signal.aborted) return;
      const { status, message } = readApiFailure(error);
      setProblem({ kind: status === 403 ? 'forbidden' : status === 404 ? 'notFound' : 'failed', message });
    });
    return () => controller.abort();
  }, [id, attempt]);

  const back = entry ? (
    <p>
      <Link href={{ pathname: '/profile/patients/[id]/chart', params: { id: String(entry.patient_id) } }}>{t('editor.backToChart')}</Link>
    </p>
  ) : null;

  if (problem.kind && !entry) {
    return (
      <div className={styles.page}>
        <div className={styles.alert} role="alert">
          <p>{problem.message ?? t('editor.loadFailed')}</p>
          {problem.kind === 'failed' ? (
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('editor.retry')}
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  if (!entry) {
    return (
      <p className={styles.muted} role="status">
        {t('editor.loading')}
      </p>
    );
  }
  return (
    <div className={styles.page}>
      {back}
      {entry.can.edit ? (
        <Draft key={entry.id} entry={entry} onSigned={setEntry} />
      ) : (
        <article className={styles.entry}>
          {!entry.signed_at ? <p className={styles.notice}>{t('editor.notYours', { author: entry.author.name })}</p> : <p className={styles.notice}>{t('editor.readOnly')}</p>}
          <EntryBody entry={{ ...entry, author: entry.author.name }} heading="h2" />
          <EntryActions entry={entry} onChanged={setEntry} />
        </article>
      )}
    </div>
  );
}

function saveText(state: SaveState, t: ReturnType<typeof useTranslations<'Chart'>>, language: 'en' | 'fr'): string {
  switch (state.kind) {
    case 'saving':
      return t('editor.saving');
    case 'saved':
      return t('editor.savedAt', { time: formatTime(state.at, language) });
    case 'failed':
      return t('editor.notSaved', { problem: state.offline ? t('editor.offline') : (state.message ?? t('page.actionFailed')) });
    default:
      return '';
  }
}

function Draft({ entry, onSigned }: { entry: ChartEntryView; onSigned: (entry: ChartEntryView) => void }) {
  const t = useTranslations('Chart');
  const language = dateLanguage(useLocale());
  const decimal = language === 'fr' ? ',' : '.';
  const router = useRouter();
  const [form, setForm] = useState<DraftForm>(() => formOf(entry.content, decimal));
  const [privacy, setPrivacy] = useState<ChartPrivacy>(entry.privacy);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const onSaved = useCallback(() => undefined, []);
  const autosave = useDraftAutosave(entry, onSaved);

  const set = (patch: Partial<DraftForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    autosave.change({ privacy, content: contentOf(next) });
  };
  const choosePrivacy = (value: ChartPrivacy) => {
    setPrivacy(value);
    autosave.change({ privacy: value, content: contentOf(form) });
  };

  const loadNewer = (newer: ChartEntryView) => {
    setForm(formOf(newer.content, decimal));
    setPrivacy(newer.privacy);
    autosave.resume(newer);
  };

  const sign = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      if (!(await autosave.flush())) return;
      const { entry: signed } = await signEntry(entry.id, autosave.version());
      onSigned(signed);
    } catch (error) {
      setFailure(readApiFailure(error).message ?? t('page.actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteEntry(entry.id);
      router.push({ pathname: '/profile/patients/[id]/chart', params: { id: String(entry.patient_id) } });
    } catch (error) {
      setFailure(readApiFailure(error).message ?? t('page.actionFailed'));
      setBusy(false);
    }
  };

  const state = autosave.state;
  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={(event) => event.preventDefault()} aria-labelledby="chart-draft-heading">
      <h2 id="chart-draft-heading">{t('editor.heading', { template: t(`templates.${entry.template}`) })}</h2>
      <p className={styles.muted}>
        {entry.visit
          ? t('visitOf', { service: entry.visit.service, date: formatDateTime(entry.occurred_at, language, 'long') })
          : t('onItsOwn', { date: formatDateTime(entry.occurred_at, language, 'long') })}
      </p>
      {state.kind === 'conflict' ? (
        <div className={styles.alert} role="alert">
          <p>{t('editor.conflict')}</p>
          <button type="button" className="button button--secondary" onClick={() => loadNewer(state.newer)}>
            {t('editor.loadNewer')}
          </button>
        </div>
      ) : null}
      {state.kind === 'signed' ? (
        <div className={styles.alert} role="alert">
          <p>{t('editor.readOnly')}</p>
        </div>
      ) : null}
      <DraftFields template={entry.template} form={form} set={set} />
      <fieldset className={formStyles.fieldset}>
        <legend className={formStyles.label}>{t('editor.privacy')}</legend>
        <div className={formStyles.radios}>
          {(['circle', 'private'] as const).map((value) => (
            <label key={value} className={formStyles.radio}>
              <input type="radio" name="privacy" value={value} checked={privacy === value} onChange={() => choosePrivacy(value)} />
              {value === 'circle' ? t('editor.privacyCircle') : t('editor.privacyPrivate')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.sticky}>
        <p className={styles.saveState} role="status">
          {saveText(state, t, language)}
        </p>
        {failure ? (
          <p className={formStyles.error} role="alert">
            {failure}
          </p>
        ) : null}
        <p className={styles.muted}>{t('editor.signHelp')}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" aria-disabled={busy || state.kind === 'conflict'} onClick={() => void sign()}>
            {t('editor.sign')}
          </button>
          {confirmDelete ? (
            <>
              <span role="alert">{t('editor.deleteConfirm')}</span>
              <button type="button" className="button button--secondary" onClick={() => void remove()}>
                {t('editor.deleteYes')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirmDelete(false)}>
                {t('editor.deleteNo')}
              </button>
            </>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setConfirmDelete(true)}>
              {t('editor.delete')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
