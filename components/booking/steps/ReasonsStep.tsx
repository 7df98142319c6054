'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { Field, SelectField } from '@/components/ui/form/Field';
import formStyles from '@/components/ui/form/form.module.css';
import type { Skill } from '@/lib/api/booking';
import { MAX_USER_MESSAGE_LENGTH } from '@/lib/schemas/booking';
import { MAX_REASONS, reasonChoices } from '@/stores/bookingSteps';
import { useBookingStore } from '@/stores/useBookingStores';
import { ChoiceSkeleton, LoadFailed, StepActions, StepFrame } from '../StepFrame';

interface Props {
  focusHeading: boolean;
  skills: Skill[] | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** Step 5: up to three reasons (a reason chosen above is not offered below) and a message. */
export function ReasonsStep({ focusHeading, skills, loading, failed, onRetry }: Props) {
  const t = useTranslations('Booking');
  const reasons = useBookingStore((s) => s.reasons);
  const message = useBookingStore((s) => s.message);
  const setReason = useBookingStore((s) => s.setReason);
  const setMessage = useBookingStore((s) => s.setMessage);
  const checkReasons = useBookingStore((s) => s.checkReasons);
  const canSkip = useBookingStore((s) => s.checkedThrough >= 4);
  const pending = useBookingStore((s) => s.pending === 'check' || s.pending === 'offices');
  const next = useBookingStore((s) => s.next);
  const previous = useBookingStore((s) => s.previous);
  const [tried, setTried] = useState(false);
  const messageId = useId();
  const firstReason = useRef<HTMLSelectElement>(null);

  const missingFirst = reasons[0] === null;

  return (
    <StepFrame title={t('reasons.title')} lead={t('reasons.lead')} focusHeading={focusHeading}>
      {loading && !skills ? <ChoiceSkeleton label={t('reasons.loading')} count={1} /> : null}
      {failed ? (
        <LoadFailed message={t('reasons.failed')} onRetry={onRetry} />
      ) : null}
      {skills ? (
        <div className={formStyles.form}>
          {Array.from({ length: MAX_REASONS }, (_, index) => {
            // A later select appears once the one above it has a reason.
            if (index > 0 && reasons[index - 1] === null) return null;
            const choices = reasonChoices(skills, reasons, index);
            return (
              <SelectField
                key={index}
                ref={index === 0 ? firstReason : undefined}
                label={t('reasons.reason', { number: index + 1 })}
                value={reasons[index] === null ? '' : String(reasons[index])}
                error={index === 0 && tried && missingFirst ? t('reasons.required') : undefined}
                onChange={(event) => setReason(index, event.target.value === '' ? null : Number(event.target.value))}
                options={[
                  { value: '', label: index === 0 ? t('reasons.choose') : t('reasons.none') },
                  ...choices.map((skill) => ({ value: String(skill.id), label: skill.translated_name })),
                ]}
              />
            );
          })}
          <Field
            id={messageId}
            label={t('reasons.message')}
            hint={t('reasons.messageHint', { max: MAX_USER_MESSAGE_LENGTH })}
            optional
          >
            {(control) => (
              <textarea
                {...control}
                className={`${formStyles.input} ${formStyles.textarea}`}
                rows={5}
                value={message}
                maxLength={MAX_USER_MESSAGE_LENGTH}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </Field>
          <p className={formStyles.hint}>
            {t('reasons.remaining', { count: MAX_USER_MESSAGE_LENGTH - message.length })}
          </p>
        </div>
      ) : null}
      <StepActions
        onBack={previous}
        pending={pending}
        onContinue={() => {
          setTried(true);
          if (missingFirst) {
            // As in the other forms: focus goes to the field in error, which reads out its message.
            firstReason.current?.focus();
            return;
          }
          if (canSkip) next();
          else void checkReasons();
        }}
      />
    </StepFrame>
  );
}
