'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatPhone } from '@/lib/format/phone';
import { formatPostalCode } from '@/lib/format/postalCode';
import { isEmpty, type FieldSpec, type StepValues } from '@/lib/schemas/intake/layout/spec';
import styles from './review.module.css';
import { useIntakeTexts } from './useIntakeTexts';

export type Reason = { id: number; name: string };

const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
const asNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One answer as a person reads it, by the field's kind (lib/schemas/intake/layout/spec.ts): option
 * texts rather than codes, units with the numbers, "Not answered" for what was left empty.
 * Repeatable rows have their own table (RowsTable).
 */
export function AnswerValue({
  step,
  field,
  values,
  reasons,
}: {
  step: string;
  field: FieldSpec;
  /** The whole step's answers: the address spans several of them, weights need the units. */
  values: StepValues;
  reasons: readonly Reason[];
}) {
  const t = useTranslations('IntakeReview.values');
  const texts = useIntakeTexts();
  const format = useFormatter();
  const locale = useLocale();
  const value = values[field.name];
  const notAnswered = <span className={styles.muted}>{t('notAnswered')}</span>;
  const preferNot = <span className={styles.muted}>{t('preferNot')}</span>;
  const number = (n: number) => format.number(n, { maximumFractionDigits: 2 });
  const list = (items: ReactNode[]) => (
    <ul className={styles.valueList}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );

  switch (field.kind) {
    case 'address': {
      const part = (name: string) => asString(values[name]).trim();
      const unit = part('unitNumber');
      const street = `${part('streetNumber')} ${part('streetName')}`.trim();
      const city = [part('city'), part('province')].filter(Boolean).join(' ');
      const postal = part('postalCode') ? formatPostalCode(part('postalCode')) : '';
      const lines = [
        unit ? `${street}, ${t('unit', { unit })}` : street,
        [city, postal].filter(Boolean).join('  '),
        part('country') ? countryName(part('country'), locale) : '',
      ].filter(Boolean);
      if (lines.length === 0) return notAnswered;
      return (
        <span className={styles.block}>
          {lines.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </span>
      );
    }
    case 'toggle':
      return <>{value === true ? t('yes') : t('no')}</>;
    case 'weight': {
      const card = asRecord(value);
      if (card.preferNot === true) return preferNot;
      const weight = asNumber(card.value);
      if (weight === null) return notAnswered;
      return <>{t(values.units === 'imperial' ? 'lb' : 'kg', { value: number(weight) })}</>;
    }
    case 'height': {
      const card = asRecord(value);
      if (card.preferNot === true) return preferNot;
      if (values.units === 'imperial') {
        const feet = asNumber(card.feet);
        const inches = asNumber(card.inches);
        if (feet === null) return notAnswered;
        return <>{inches === null ? t('feet', { feet: number(feet) }) : t('feetInches', { feet: number(feet), inches: number(inches) })}</>;
      }
      const cm = asNumber(card.cm);
      return cm === null ? notAnswered : <>{t('cm', { value: number(cm) })}</>;
    }
    case 'skills': {
      const ids = asList(value).map(Number);
      if (ids.length === 0) return notAnswered;
      return list(ids.map((id) => reasons.find((reason) => reason.id === id)?.name ?? `#${id}`));
    }
    default:
      break;
  }

  if (isEmpty(value)) return notAnswered;

  switch (field.kind) {
    case 'select':
    case 'radio':
      return <>{texts.option(step, field.name, asString(value))}</>;
    case 'checklist':
      return list(asList(value).map((option) => texts.option(step, field.name, String(option))));
    case 'scale':
      return <>{t('scale', { value: asNumber(value) ?? asString(value) })}</>;
    case 'number': {
      const count = asNumber(value);
      return <>{count === null ? asString(value) : number(count)}</>;
    }
    case 'fluid': {
      const cups = asNumber(value);
      return <>{cups === null ? asString(value) : t('cups', { count: cups })}</>;
    }
    case 'tel':
      return <>{formatPhone(asString(value))}</>;
    case 'textarea':
      return <span className={styles.multiline}>{asString(value)}</span>;
    default:
      // text, email, date and time: as the patient typed them.
      return <>{asString(value)}</>;
  }
}
