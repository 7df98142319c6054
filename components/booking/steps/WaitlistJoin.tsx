'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form/Field';
import { FormAlert, SubmitButton } from '@/components/ui/form/FormParts';
import formStyles from '@/components/ui/form/form.module.css';
import { useValidationMessage } from '@/components/ui/form/useValidationMessage';
import { readApiFailure } from '@/lib/api/auth';
import type { Service, WaitlistJoined, WaitlistRequest } from '@/lib/api/booking';
import { dateLanguage, formatDateWindow, formatLocalDate, localDateOf, weekdayName } from '@/lib/format/dates';
import { Link } from '@/lib/i18n/navigation';
import { joinWaitlistSchema, TIMES_OF_DAY } from '@/lib/schemas/waitlist';
import { useBookingStore, useBookingStores, useServicesStore } from '@/stores/useBookingStores';
import styles from '../booking.module.css';

type FieldName = Exclude<keyof WaitlistRequest, 'group_session_id'>;
type Errors = Partial<Record<FieldName, string>>;
const FIELDS: readonly FieldName[] = ['from_date', 'to_date', 'times_of_day', 'weekdays'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** A new window's length: the first date and 29 more days. */
const WINDOW_DAYS = 30;

/** Today on the clinic's calendar, 'YYYY-MM-DD'. */
const clinicToday = () => localDateOf(new Date());
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The server's checks of the window, in the same words (Validation keys), plus the booking horizon and a full session's day. */
function check(values: WaitlistRequest, today: string, horizon: string | null, sessionDate?: string): Errors {
  const errors: Errors = {};
  // An empty date input reads '' ('required'), not a malformed date.
  const parsed = joinWaitlistSchema.safeParse({ ...values, from_date: values.from_date || undefined, to_date: values.to_date || undefined });
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as FieldName] ??= issue.message;
  if (!errors.from_date && values.from_date < today) errors.from_date = 'waitlistFromPast';
  if (!errors.to_date && horizon && values.to_date > horizon) errors.to_date = 'waitlistToBeyond';
  if (!errors.from_date && !errors.to_date && sessionDate && (values.from_date > sessionDate || values.to_date < sessionDate)) errors.to_date = 'waitlistWindowMissesSession';
  return errors;
}

/**
 * The date step's waitlist (issue #16): a disclosure under the calendar, open from the start when
 * no time is free. Joining keeps the booking where it is: the visitor can still pick a time.
 */
export function WaitlistJoin({ defaultOpen, groupSession }: { defaultOpen: boolean; groupSession?: FullSession }) {
  const t = useTranslations('Booking.waitlist');
  const serviceId = useBookingStore((s) => s.serviceId);
  const service = useServicesStore((s) => s.items?.find((item) => item.id === serviceId) ?? null);
  const [open, setOpen] = useState(defaultOpen);
  const [joined, setJoined] = useState<WaitlistJoined | null>(null);
  const panelId = useId();

  return (
    <div className={styles.waitlist}>
      <h4>
        <button type="button" className={styles.waitlistToggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t('toggle')}
        </button>
      </h4>
      <div id={panelId} hidden={!open}>
        {joined ? <Joined joined={joined} serviceName={service?.translated_name ?? joined.entry.service_name} /> : <WaitlistForm service={service} groupSession={groupSession} onJoined={setJoined} />}
      </div>
    </div>
  );
}

/** A full group session whose waitlist this is (issue #28 item 5): its id, and its day, which the window must hold. */
interface FullSession {
  id: number;
  date: string;
}

function WaitlistForm({ service, groupSession, onJoined }: { service: Service | null; groupSession?: FullSession; onJoined: (joined: WaitlistJoined) => void }) {
  const t = useTranslations('Booking.waitlist');
  const language = dateLanguage(useLocale());
  const { booking, bookingApi } = useBookingStores();
  const id = useId();
  const [today] = useState(clinicToday);
  const horizon = service ? addDays(today, service.max_advance_booking_days) : null;
  const [values, setValues] = useState<WaitlistRequest>(() => {
    // A full session's waitlist reaches its day at least.
    const last = [addDays(today, WINDOW_DAYS - 1), groupSession?.date ?? ''].sort().at(-1)!;
    return { from_date: today, to_date: horizon && horizon < last ? horizon : last, times_of_day: [...TIMES_OF_DAY], weekdays: WEEKDAYS };
  });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** The control that takes focus when its field is in error. */
  const controlIds: Record<FieldName, string> = {
    from_date: `${id}-from`,
    to_date: `${id}-to`,
    times_of_day: `${id}-times-${TIMES_OF_DAY[0]}`,
    weekdays: `${id}-days-${WEEKDAYS[0]}`,
  };
  const set = (changes: Partial<WaitlistRequest>) => setValues((current) => ({ ...current, ...changes }));
  const longDate = (date: string) => formatLocalDate(date, language, 'full');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = check(values, today, horizon, groupSession?.date);
    setErrors(found);
    setAlert(null);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(controlIds[first])?.focus();
      return;
    }
    setPending(true);
    try {
      onJoined(await bookingApi.joinWaitlist({ ...values, ...(groupSession && { group_session_id: groupSession.id }) }, booking.getState().tokens));
    } catch (error) {
      const failure = readApiFailure(error);
      // The client has sent the flow back to its start: nothing is left to show here.
      if (failure.code === 'booking_token_expired') return;
      const fromServer: Errors = {};
      for (const field of FIELDS) if (failure.fieldErrors[field]) fromServer[field] = failure.fieldErrors[field][0];
      setErrors(fromServer);
      if (Object.keys(fromServer).length === 0) setAlert(failure.message ?? t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" className={formStyles.form} noValidate onSubmit={submit}>
      <p className={styles.stepLead}>{t('lead')}</p>
      <div className={styles.row}>
        <TextField
          id={controlIds.from_date}
          type="date"
          label={t('from')}
          value={values.from_date}
          min={today}
          max={horizon ?? undefined}
          error={errors.from_date}
          onChange={(event) => set({ from_date: event.target.value })}
        />
        <TextField
          id={controlIds.to_date}
          type="date"
          label={t('to')}
          hint={horizon ? t('toHint', { date: longDate(horizon) }) : undefined}
          value={values.to_date}
          min={values.from_date || today}
          max={horizon ?? undefined}
          error={errors.to_date}
          onChange={(event) => set({ to_date: event.target.value })}
        />
      </div>
      <CheckboxGroup
        id={`${id}-times`}
        legend={t('timesLegend')}
        error={errors.times_of_day}
        options={TIMES_OF_DAY.map((time) => ({ value: time, label: t(`time.${time}`) }))}
        checked={values.times_of_day}
        onChange={(times_of_day) => set({ times_of_day })}
      />
      <CheckboxGroup
        id={`${id}-days`}
        legend={t('daysLegend')}
        error={errors.weekdays}
        options={WEEKDAYS.map((day) => ({ value: day, label: weekdayName(day, language) }))}
        checked={values.weekdays}
        onChange={(weekdays) => set({ weekdays })}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  );
}

interface CheckboxGroupProps<T extends string | number> {
  id: string;
  legend: string;
  error?: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  checked: readonly T[];
  onChange: (checked: T[]) => void;
}

/** A fieldset of checkboxes; the chosen values stay in the options' order. */
function CheckboxGroup<T extends string | number>({ id, legend, error, options, checked, onChange }: CheckboxGroupProps<T>) {
  const text = useValidationMessage()(error);
  const errorId = `${id}-error`;
  const toggle = (value: T, on: boolean) =>
    onChange(options.map((option) => option.value).filter((v) => (v === value ? on : checked.includes(v))));
  return (
    <fieldset className={formStyles.fieldset} aria-describedby={text ? errorId : undefined}>
      <legend className={formStyles.label}>{legend}</legend>
      {text ? (
        <p id={errorId} className={formStyles.error} role="alert">
          {text}
        </p>
      ) : null}
      <div className={formStyles.radios}>
        {options.map((option) => (
          <label key={option.value} className={formStyles.radio}>
            <input
              type="checkbox"
              id={`${id}-${option.value}`}
              checked={checked.includes(option.value)}
              aria-invalid={text ? true : undefined}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The confirmation that replaces the form: what the person is waiting for, and where it was sent. */
function Joined({ joined, serviceName }: { joined: WaitlistJoined; serviceName: string }) {
  const t = useTranslations('Booking.waitlist');
  const format = useFormatter();
  const language = dateLanguage(useLocale());
  const note = useRef<HTMLDivElement>(null);
  const { entry, email } = joined;

  useEffect(() => {
    note.current?.focus();
  }, []);

  return (
    <div ref={note} tabIndex={-1} role="status" className={styles.waitlistDone}>
      <p className={styles.choiceName}>{email ? t('joined', { service: serviceName, email }) : t('joinedNoEmail', { service: serviceName })}</p>
      <p>{t('notify')}</p>
      <dl className={styles.summary}>
        <dt>{t('windowDates')}</dt>
        <dd>{formatDateWindow(entry.from_date, entry.to_date, language)}</dd>
        <dt>{t('windowTimes')}</dt>
        <dd>{format.list(entry.times_of_day.map((time) => t(`timeName.${time}`)))}</dd>
        <dt>{t('windowDays')}</dt>
        <dd>
          {entry.weekdays.length === WEEKDAYS.length
            ? t('everyDay')
            : format.list(entry.weekdays.map((day) => weekdayName(day, language)))}
        </dd>
      </dl>
      <p>
        <Link href="/">{t('home')}</Link>
      </p>
    </div>
  );
}
