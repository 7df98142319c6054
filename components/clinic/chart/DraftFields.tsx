'use client';

import { useTranslations } from 'next-intl';
import { Field } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import { GOAL_STATUSES, MAX_CHART_ITEMS, MAX_CHART_LINE, MAX_CHART_TEXT, type ChartTemplate } from '@/lib/schemas/chartValues';
import styles from './chart.module.css';
import { measureProblems, partsOf, type DraftForm } from './draftForm';

type Set = (patch: Partial<DraftForm>) => void;

const inputClass = formStyles.input;
const areaClass = `${formStyles.input} ${formStyles.textarea}`;

function Paragraph({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label}>
      {(control) => <textarea {...control} className={areaClass} rows={5} maxLength={MAX_CHART_TEXT} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

function Line({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label}>
      {(control) => <input {...control} className={inputClass} maxLength={MAX_CHART_LINE} value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

function Measurements({ form, set }: { form: DraftForm; set: Set }) {
  const t = useTranslations('Chart.fields');
  const units = useTranslations('Chart');
  const problems = measureProblems(form);
  const number = (name: 'weight' | 'height' | 'waist', label: string) => (
    <Field label={label} error={problems[name]}>
      {(control) => <input {...control} className={inputClass} inputMode="decimal" autoComplete="off" value={form[name]} onChange={(event) => set({ [name]: event.target.value })} />}
    </Field>
  );
  return (
    <fieldset className={styles.group}>
      <legend>{t('measurements')}</legend>
      <div className={styles.row}>
        {number('weight', t('weight'))}
        <Field label={t('weightUnit')}>
          {(control) => (
            <select {...control} className={`${inputClass} ${formStyles.select}`} value={form.weight_unit} onChange={(event) => set({ weight_unit: event.target.value as DraftForm['weight_unit'] })}>
              <option value="kg">{units('kg')}</option>
              <option value="lb">{units('lb')}</option>
            </select>
          )}
        </Field>
        {number('height', t('height'))}
        {number('waist', t('waist'))}
      </div>
    </fieldset>
  );
}

function Diagnoses({ form, set }: { form: DraftForm; set: Set }) {
  const t = useTranslations('Chart');
  const update = (index: number, patch: Partial<DraftForm['diagnoses'][number]>) =>
    set({ diagnoses: form.diagnoses.map((d, i) => (i === index ? { ...d, ...patch } : d)) });
  return (
    <fieldset className={styles.group}>
      <legend>{t('fields.diagnoses')}</legend>
      {form.diagnoses.map((diagnosis, index) => (
        <fieldset key={index} className={styles.group}>
          <legend>{t('editor.diagnosisN', { n: index + 1 })}</legend>
          <Line label={t('fields.problem')} value={diagnosis.problem} onChange={(problem) => update(index, { problem })} />
          <Line label={t('fields.etiology')} value={diagnosis.etiology} onChange={(etiology) => update(index, { etiology })} />
          <Line label={t('fields.signs')} value={diagnosis.signs} onChange={(signs) => update(index, { signs })} />
          <button type="button" className="button button--secondary" onClick={() => set({ diagnoses: form.diagnoses.filter((_, i) => i !== index) })}>
            {t('editor.removeDiagnosis', { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      {form.diagnoses.length < MAX_CHART_ITEMS ? (
        <button type="button" className="button button--secondary" onClick={() => set({ diagnoses: [...form.diagnoses, { problem: '', etiology: '', signs: '' }] })}>
          {t('editor.addDiagnosis')}
        </button>
      ) : null}
    </fieldset>
  );
}

function Goals({ form, set }: { form: DraftForm; set: Set }) {
  const t = useTranslations('Chart');
  const update = (index: number, patch: Partial<DraftForm['goals'][number]>) => set({ goals: form.goals.map((g, i) => (i === index ? { ...g, ...patch } : g)) });
  return (
    <fieldset className={styles.group}>
      <legend>{t('fields.goals')}</legend>
      {form.goals.map((goal, index) => (
        <fieldset key={index} className={styles.group}>
          <legend>{t('editor.goalN', { n: index + 1 })}</legend>
          <Line label={t('fields.goal')} value={goal.goal} onChange={(value) => update(index, { goal: value })} />
          <div className={styles.row}>
            <Line label={t('fields.target')} value={goal.target} onChange={(target) => update(index, { target })} />
            <Field label={t('fields.status')}>
              {(control) => (
                <select
                  {...control}
                  className={`${inputClass} ${formStyles.select}`}
                  value={goal.status}
                  onChange={(event) => update(index, { status: event.target.value as (typeof GOAL_STATUSES)[number] })}
                >
                  {GOAL_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`goalStatus.${status}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <button type="button" className="button button--secondary" onClick={() => set({ goals: form.goals.filter((_, i) => i !== index) })}>
            {t('editor.removeGoal', { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      {form.goals.length < MAX_CHART_ITEMS ? (
        <button type="button" className="button button--secondary" onClick={() => set({ goals: [...form.goals, { goal: '', target: '', status: 'new' }] })}>
          {t('editor.addGoal')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The draft's fields for its template: ADIME in its four parts, a follow-up, a group session or a note. */
export function DraftFields({ template, form, set }: { template: ChartTemplate; form: DraftForm; set: Set }) {
  const t = useTranslations('Chart.fields');
  const parts = partsOf(template);
  return (
    <>
      {parts.subject ? <Line label={t('subject')} value={form.subject} onChange={(subject) => set({ subject })} /> : null}
      {parts.measurements ? <Measurements form={form} set={set} /> : null}
      {parts.adime ? (
        <>
          <Paragraph label={t('assessment')} value={form.assessment} onChange={(assessment) => set({ assessment })} />
          <Diagnoses form={form} set={set} />
          <Paragraph label={t('intervention')} value={form.intervention} onChange={(intervention) => set({ intervention })} />
          <Paragraph label={t('monitoring')} value={form.monitoring} onChange={(monitoring) => set({ monitoring })} />
        </>
      ) : (
        <Paragraph label={t('note')} value={form.note} onChange={(note) => set({ note })} />
      )}
      {parts.goals ? <Goals form={form} set={set} /> : null}
    </>
  );
}
