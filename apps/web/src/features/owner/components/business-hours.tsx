import { useId, useState, type FormEvent } from 'react';
import {
  BUSINESS_CALENDAR_LIMITS,
  BUSINESS_CALENDAR_MESSAGES,
  BusinessCalendarSettingsSchema,
  isCalendarDay,
  periodsProblemOf,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type AddedDay,
  type BusinessCalendarAnswer,
  type BusinessCalendarSettings,
  type OpeningPeriod,
  type Weekday,
} from '@agency/shared';
import { Field, RadioGroup, TextField } from '@/components/forms/fields';
import { ApiError } from '@/lib/api-client';
import { isAccessError } from '@/lib/staff-query';
import { useBusinessCalendar, useSaveBusinessCalendar } from '../api/business-calendar';
import './owner.css';
import './business-hours.css';

interface DayDraft {
  open: boolean;
  /** Kept while the day is closed, so opening it again brings its times back. */
  periods: OpeningPeriod[];
}

interface Draft {
  hours: Record<Weekday, DayDraft>;
  addedDays: AddedDay[];
  removedDays: string[];
}

const OPEN = 'Open';
const CLOSED = 'Closed';
const NEW_PERIOD: OpeningPeriod = { start: '09:00', end: '17:00' };

/** A time input cannot show 24:00: a closing time of 00:00 on the page is midnight at the end of the day. */
const shownEnd = (end: string) => (end === '24:00' ? '00:00' : end);
const savedEnd = (end: string) => (end === '00:00' ? '24:00' : end);

function draftOf(settings: BusinessCalendarSettings): Draft {
  return {
    hours: Object.fromEntries(
      WEEKDAYS.map((weekday) => {
        const periods = settings.hours[weekday];
        return [
          weekday,
          {
            open: periods.length > 0,
            periods:
              periods.length > 0 ? periods.map(({ start, end }) => ({ start, end: shownEnd(end) })) : [NEW_PERIOD],
          },
        ];
      }),
    ) as Record<Weekday, DayDraft>,
    addedDays: settings.addedDays,
    removedDays: settings.removedDays,
  };
}

function settingsOf(draft: Draft): BusinessCalendarSettings {
  return {
    hours: Object.fromEntries(
      WEEKDAYS.map((weekday) => {
        const day = draft.hours[weekday];
        return [weekday, day.open ? day.periods.map(({ start, end }) => ({ start, end: savedEnd(end) })) : []];
      }),
    ) as BusinessCalendarSettings['hours'],
    addedDays: [...draft.addedDays].sort((a, b) => a.date.localeCompare(b.date)),
    removedDays: [...draft.removedDays].sort(),
  };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Friday 25 December 2026": a Lagos calendar day, written the same by every browser. */
function dayText(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  return `${DAY_NAMES[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/**
 * Business hours (issue 21): when the business is open, in Lagos time, which first-response times, reminders and the
 * morning digest count by. Per weekday open or closed and its periods; the coming holidays, each of which can be
 * opened after all; and closed days the owner adds. One Save sends the whole calendar.
 */
export function BusinessHours() {
  const calendar = useBusinessCalendar();
  if (calendar.isPending) return <p role="status">Loading the business hours...</p>;
  if (calendar.isError) {
    return (
      <section className="owner-card owner-card--notice">
        <p role="alert">The business hours could not be loaded. Please check your connection and try again.</p>
        <p>
          <button type="button" className="btn btn--secondary" onClick={() => void calendar.refetch()}>
            Try again
          </button>
        </p>
      </section>
    );
  }
  return <BusinessHoursForm answer={calendar.data} />;
}

function BusinessHoursForm({ answer }: { answer: BusinessCalendarAnswer }) {
  const id = useId();
  const save = useSaveBusinessCalendar();
  const [draft, setDraft] = useState(() => draftOf(answer.calendar));
  const [dayErrors, setDayErrors] = useState<Partial<Record<Weekday, string>>>({});
  const [announcement, setAnnouncement] = useState('');
  const [newDay, setNewDay] = useState({ date: '', name: '' });
  const [newDayError, setNewDayError] = useState<string | undefined>();

  const changeDay = (weekday: Weekday, change: (day: DayDraft) => DayDraft) =>
    setDraft((current) => ({ ...current, hours: { ...current.hours, [weekday]: change(current.hours[weekday]) } }));
  const changePeriod = (weekday: Weekday, index: number, change: Partial<OpeningPeriod>) =>
    changeDay(weekday, (day) => ({
      ...day,
      periods: day.periods.map((period, at) => (at === index ? { ...period, ...change } : period)),
    }));

  function openAfterAll(date: string) {
    setDraft((current) => ({ ...current, removedDays: [...current.removedDays, date] }));
    setAnnouncement(`${dayText(date)} is open after all. Save to keep it.`);
  }
  function closeAgain(date: string) {
    setDraft((current) => ({ ...current, removedDays: current.removedDays.filter((day) => day !== date) }));
    setAnnouncement(`${dayText(date)} is closed again. Save to keep it.`);
  }
  function dropAddedDay(date: string) {
    setDraft((current) => ({ ...current, addedDays: current.addedDays.filter((day) => day.date !== date) }));
    setAnnouncement(`${dayText(date)} is no longer a closed day. Save to keep it.`);
  }
  function addClosedDay(event: FormEvent) {
    event.preventDefault();
    const date = newDay.date.trim();
    if (!isCalendarDay(date)) {
      setNewDayError(BUSINESS_CALENDAR_MESSAGES.DAY);
      return;
    }
    if (draft.addedDays.some((day) => day.date === date)) {
      setNewDayError(`${dayText(date)} is already a closed day.`);
      return;
    }
    if (newDay.name.length > BUSINESS_CALENDAR_LIMITS.NAME) {
      setNewDayError(BUSINESS_CALENDAR_MESSAGES.NAME);
      return;
    }
    setNewDayError(undefined);
    setDraft((current) => ({
      ...current,
      addedDays: [...current.addedDays, { date, name: newDay.name.trim() }],
      removedDays: current.removedDays.filter((day) => day !== date),
    }));
    setNewDay({ date: '', name: '' });
    setAnnouncement(`${dayText(date)} added as a closed day. Save to keep it.`);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const settings = settingsOf(draft);
    const problems: Partial<Record<Weekday, string>> = {};
    for (const weekday of WEEKDAYS) {
      const problem = periodsProblemOf(weekday, settings.hours[weekday]);
      if (problem) problems[weekday] = problem;
    }
    setDayErrors(problems);
    const parsed = BusinessCalendarSettingsSchema.safeParse(settings);
    if (Object.keys(problems).length > 0 || !parsed.success) {
      setAnnouncement(
        Object.values(problems)[0] ??
          parsed.error?.issues[0]?.message ??
          'Some hours need a look before they can be saved.',
      );
      return;
    }
    setAnnouncement('');
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved.calendar));
        setAnnouncement('The business hours are saved.');
      },
      onError: (error) => {
        if (isAccessError(error)) return;
        const fieldMessage = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
        setAnnouncement(
          fieldMessage ??
            (error instanceof ApiError ? error.serverMessage : null) ??
            'Saving did not work. Nothing was changed. Please try again.',
        );
      },
    });
  }

  const added = new Map(draft.addedDays.map((day) => [day.date, day]));
  const removed = new Set(draft.removedDays);
  const closedDays = [
    ...answer.publicHolidays
      .filter(({ date }) => !removed.has(date) && !added.has(date))
      .map((holiday) => ({ ...holiday, kind: 'public-holiday' as const })),
    ...draft.addedDays
      .filter(({ date }) => date >= answer.from)
      .map(({ date, name }) => ({ date, name: name || 'Closed', kind: 'added' as const })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const reopened = answer.publicHolidays.filter(({ date }) => removed.has(date) && !added.has(date));

  return (
    <div className="owner-sections">
      <form
        className="owner-card business-hours"
        id={`${id}-form`}
        aria-labelledby={`${id}-week`}
        onSubmit={submit}
        noValidate
      >
        <h2 className="owner-card__title" id={`${id}-week`}>
          Opening hours
        </h2>
        <p className="business-hours__intro">
          Lagos time. First-response times, reminders and the morning digest count only these hours. A day can have up
          to {BUSINESS_CALENDAR_LIMITS.PERIODS_PER_DAY} periods, for example a lunch break between two. A closing time
          of 00:00 means midnight.
        </p>
        <div className="business-hours__days">
          {WEEKDAYS.map((weekday) => {
            const day = draft.hours[weekday];
            const label = WEEKDAY_LABELS[weekday];
            return (
              <div key={weekday} className="business-hours__day">
                <RadioGroup
                  name={`${id}-${weekday}`}
                  legend={label}
                  options={[OPEN, CLOSED]}
                  value={day.open ? OPEN : CLOSED}
                  onChange={(value) => changeDay(weekday, (current) => ({ ...current, open: value === OPEN }))}
                  error={dayErrors[weekday]}
                />
                {day.open ? (
                  <ol className="business-hours__periods" aria-label={`${label}'s opening periods`}>
                    {day.periods.map((period, index) => {
                      const which = day.periods.length > 1 ? `, period ${index + 1}` : '';
                      return (
                        <li key={index} className="business-hours__period">
                          <TimeField
                            name={`${weekday}-${index}-start`}
                            label="Opens"
                            context={`${label}${which}`}
                            value={period.start}
                            onChange={(start) => changePeriod(weekday, index, { start })}
                          />
                          <TimeField
                            name={`${weekday}-${index}-end`}
                            label="Closes"
                            context={`${label}${which}`}
                            value={period.end}
                            onChange={(end) => changePeriod(weekday, index, { end })}
                          />
                          {day.periods.length > 1 ? (
                            <button
                              type="button"
                              className="btn btn--secondary business-hours__remove"
                              aria-label={`Remove ${label}'s period ${index + 1}`}
                              onClick={() =>
                                changeDay(weekday, (current) => ({
                                  ...current,
                                  periods: current.periods.filter((_, at) => at !== index),
                                }))
                              }
                            >
                              Remove
                            </button>
                          ) : null}
                        </li>
                      );
                    })}
                  </ol>
                ) : null}
                {day.open && day.periods.length < BUSINESS_CALENDAR_LIMITS.PERIODS_PER_DAY ? (
                  <p className="business-hours__add">
                    <button
                      type="button"
                      className="btn btn--secondary"
                      aria-label={`Add a period on ${label}`}
                      onClick={() =>
                        changeDay(weekday, (current) => ({
                          ...current,
                          periods: [...current.periods, { start: current.periods.at(-1)?.end ?? '09:00', end: '' }],
                        }))
                      }
                    >
                      Add a period
                    </button>
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save business hours'}
          </button>
        </div>
      </form>

      <p className="owner-status" role="status">
        {announcement}
      </p>

      <section className="owner-card" aria-labelledby={`${id}-holidays`}>
        <h2 className="owner-card__title" id={`${id}-holidays`}>
          Closed days in the next 12 months
        </h2>
        <p className="business-hours__intro">
          Nigerian public holidays come from a holiday calendar that is kept up to date, with the Eid dates as expected;
          the government confirms them shortly before. Add the second day of an Eid, or any day you close, below.
          Changes here are kept when you save.
        </p>
        {closedDays.length === 0 ? (
          <p className="owner-empty">No closed days.</p>
        ) : (
          <ul className="business-hours__list">
            {closedDays.map((day) => (
              <li key={day.date} className="business-hours__holiday">
                <span>
                  <strong>{dayText(day.date)}</strong>{' '}
                  <span className="business-hours__name">
                    {day.name}
                    {day.kind === 'added' ? ' (closed by you)' : ''}
                  </span>
                </span>
                {day.kind === 'public-holiday' ? (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`Open on ${day.name}, ${dayText(day.date)}`}
                    onClick={() => openAfterAll(day.date)}
                  >
                    Open on this day
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`Remove the closed day ${dayText(day.date)}`}
                    onClick={() => dropAddedDay(day.date)}
                  >
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {reopened.length > 0 ? (
          <>
            <h3 className="business-hours__subtitle">Public holidays you open on</h3>
            <ul className="business-hours__list">
              {reopened.map((day) => (
                <li key={day.date} className="business-hours__holiday">
                  <span>
                    <strong>{dayText(day.date)}</strong> <span className="business-hours__name">{day.name}</span>
                  </span>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    aria-label={`Close again on ${day.name}, ${dayText(day.date)}`}
                    onClick={() => closeAgain(day.date)}
                  >
                    Close again
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <form className="form business-hours__new" aria-label="Add a closed day" onSubmit={addClosedDay} noValidate>
          <div className="form__row">
            <Field name="closed-day" label="Closed day" error={newDayError} hint="The business is closed all day.">
              {(control) => (
                <input
                  {...control}
                  type="date"
                  value={newDay.date}
                  onChange={(event) => setNewDay((current) => ({ ...current, date: event.target.value }))}
                />
              )}
            </Field>
            <TextField
              name="closed-day-name"
              label="What it is (optional)"
              hint="For example: Staff retreat."
              maxLength={BUSINESS_CALENDAR_LIMITS.NAME}
              value={newDay.name}
              onChange={(name) => setNewDay((current) => ({ ...current, name }))}
            />
          </div>
          <div className="form__actions">
            <button type="submit" className="btn btn--secondary">
              Add closed day
            </button>
          </div>
        </form>
        <div className="form__actions">
          <button type="submit" form={`${id}-form`} className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save business hours'}
          </button>
        </div>
      </section>
    </div>
  );
}

interface TimeFieldProps {
  name: string;
  label: string;
  /** Said after the label to screen readers: "Saturday, period 2". */
  context: string;
  value: string;
  onChange: (value: string) => void;
}

function TimeField({ name, label, context, value, onChange }: TimeFieldProps) {
  return (
    <Field
      name={name}
      label={
        <>
          {label}
          <span className="visually-hidden"> ({context})</span>
        </>
      }
    >
      {(control) => (
        <input {...control} type="time" step={60} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}
