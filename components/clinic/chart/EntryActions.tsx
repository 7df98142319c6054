'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { readApiFailure } from '@/lib/api/auth';
import { addAddendum, markEnteredInError, setSharing } from '@/lib/api/chart';
import type { ChartEntryView } from '@/lib/schemas/chart';
import { MAX_CHART_LINE, MAX_CHART_TEXT } from '@/lib/schemas/chartValues';
import styles from './chart.module.css';

type Result = { entry: ChartEntryView; message: string };

/**
 * What can still be done with a signed entry: an addendum under it (anyone of the circle who
 * reads it), "entered in error" with a reason, and sharing it with the patient (its author or an
 * administrator). Each form says what went wrong in place; the server's sentence is announced.
 */
export function EntryActions({ entry, onChanged }: { entry: ChartEntryView; onChanged: (entry: ChartEntryView) => void }) {
  const t = useTranslations('Chart.page');
  const [said, setSaid] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (call: () => Promise<Result>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setFailure(null);
    try {
      const { entry: changed, message } = await call();
      onChanged(changed);
      setSaid(message);
      return true;
    } catch (error) {
      setFailure(readApiFailure(error).message ?? t('actionFailed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!entry.can.amend && !entry.can.share) return null;
  return (
    <div className={styles.actions}>
      <p role="status" className={styles.muted}>
        {said}
      </p>
      {failure ? (
        <p role="alert" className={formStyles.error}>
          {failure}
        </p>
      ) : null}
      {entry.can.share ? (
        <div>
          <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => void act(() => setSharing(entry.id, !entry.shared_at))}>
            {entry.shared_at ? t('unshare') : t('share')}
          </button>
        </div>
      ) : null}
      {entry.can.amend ? (
        <TextsForm
          summary={t('addendumHeading')}
          fields={[
            { name: 'reason', label: t('addendumReason'), max: MAX_CHART_LINE },
            { name: 'text', label: t('addendumText'), max: MAX_CHART_TEXT, paragraph: true },
          ]}
          submit={t('addendumSubmit')}
          busy={busy}
          onSubmit={(values) => act(() => addAddendum(entry.id, { reason: values.reason ?? '', text: values.text ?? '' }))}
        />
      ) : null}
      {entry.can.strike ? (
        <TextsForm
          summary={t('strikeHeading')}
          fields={[{ name: 'reason', label: t('strikeReason'), max: MAX_CHART_LINE }]}
          submit={t('strikeSubmit')}
          busy={busy}
          onSubmit={(values) => act(() => markEnteredInError(entry.id, values.reason ?? ''))}
        />
      ) : null}
    </div>
  );
}

interface FieldSpec {
  name: string;
  label: string;
  max: number;
  paragraph?: boolean;
}

/** A folded form of one or two required texts; a text left empty is said in place. */
function TextsForm({ summary, fields, submit, busy, onSubmit }: { summary: string; fields: FieldSpec[]; submit: string; busy: boolean; onSubmit: (values: Record<string, string>) => Promise<boolean> }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const formId = useId();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const empty = fields.filter((field) => !(values[field.name] ?? '').trim()).map((field) => field.name);
    setMissing(empty);
    if (empty.length) {
      document.getElementById(`${formId}-${empty[0]}`)?.focus();
      return;
    }
    if (await onSubmit(values)) setValues({});
  };
  return (
    <details>
      <summary>{summary}</summary>
      <form method="post" className={formStyles.form} noValidate onSubmit={(event) => void send(event)}>
        {fields.map((field) => (
          <Field key={field.name} id={`${formId}-${field.name}`} label={field.label} error={missing.includes(field.name) ? 'required' : undefined}>
            {(control) =>
              field.paragraph ? (
                <textarea
                  {...control}
                  className={`${formStyles.input} ${formStyles.textarea}`}
                  rows={4}
                  maxLength={field.max}
                  value={values[field.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                />
              ) : (
                <input
                  {...control}
                  className={formStyles.input}
                  maxLength={field.max}
                  value={values[field.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                />
              )
            }
          </Field>
        ))}
        <div className="button-row">
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {submit}
          </button>
        </div>
      </form>
    </details>
  );
}
