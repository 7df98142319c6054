'use client';

import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { SelectField, TextField } from '@/components/ui/form/Field';
import type { FieldSpec } from '@/lib/schemas/intake/layout/spec';
import { Group, useFieldError } from './Controls';
import styles from './intake.module.css';
import type { FieldText } from './useFieldText';

type Row = Record<string, string>;

/** A new row: every column empty, but a journal row starts on the day of the row above it. */
function newRow(columns: readonly FieldSpec[], previous: Row | undefined): Row {
  return Object.fromEntries(columns.map((column) => [column.name, column.name === 'day' ? (previous?.day ?? '1') : '']));
}

/** Repeatable rows (medications, specialists, food journal): add, fill and remove. */
export function RowsField({ spec, text }: { spec: FieldSpec; text: FieldText }) {
  const { control, register, getValues, setFocus } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: spec.name });
  const columns = spec.columns ?? [];
  const listError = useFieldError(spec.name);
  const rootError = useFieldError(`${spec.name}.root`);
  const error = listError ?? rootError;
  const full = spec.maxRows !== undefined && fields.length >= spec.maxRows;
  const addRef = useRef<HTMLButtonElement>(null);

  const add = () => {
    const rows = getValues(spec.name) as Row[] | undefined;
    append(newRow(columns, rows?.at(-1)), { shouldFocus: false });
    // The new row's first box takes focus once it is on the page.
    setTimeout(() => setFocus(`${spec.name}.${fields.length}.${columns[0]!.name}`), 0);
  };

  return (
    <Group legend={text.label(spec.name)} hint={text.hint(spec.name)} error={error}>
      {fields.length === 0 ? <p className={styles.empty}>{text.rows(spec.name, 'empty')}</p> : null}
      <ol className={styles.rows}>
        {fields.map((row, index) => (
          <li key={row.id}>
            <fieldset className={styles.row}>
              <legend className={styles.rowLegend}>{text.rows(spec.name, 'row', index + 1)}</legend>
              <div className={styles.rowFields}>
                {columns.map((column) => (
                  <RowCell key={column.name} path={`${spec.name}.${index}.${column.name}`} spec={spec} column={column} text={text} register={register} />
                ))}
              </div>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  remove(index);
                  // Focus stays in the list: on the row that takes this one's place, else the add button.
                  setTimeout(() => {
                    const next = index < fields.length - 1 ? index : index - 1;
                    if (next >= 0) setFocus(`${spec.name}.${next}.${columns[0]!.name}`);
                    else addRef.current?.focus();
                  }, 0);
                }}
              >
                {text.rows(spec.name, 'remove', index + 1)}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {full ? null : (
        <div className="button-row">
          <button ref={addRef} type="button" className="button button--secondary" onClick={add}>
            {text.rows(spec.name, 'add')}
          </button>
        </div>
      )}
    </Group>
  );
}

interface CellProps {
  path: string;
  spec: FieldSpec;
  column: FieldSpec;
  text: FieldText;
  register: ReturnType<typeof useFormContext>['register'];
}

function RowCell({ path, spec, column, text, register }: CellProps) {
  const t = useTranslations('Intake.form');
  const error = useFieldError(path);
  const label = text.column(spec.name, column.name);
  if (column.kind === 'select') {
    const options = (column.options ?? []).map((value) => ({ value, label: text.columnOption(spec.name, column.name, value) }));
    return <SelectField label={label} error={error} options={[{ value: '', label: t('choose') }, ...options]} {...register(path)} />;
  }
  const type = column.kind === 'time' ? 'time' : column.kind === 'tel' ? 'tel' : 'text';
  return <TextField label={label} type={type} optional={column.optional} autoComplete="off" error={error} {...register(path)} />;
}
