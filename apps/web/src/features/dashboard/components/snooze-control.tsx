import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  lagosSnoozeTime,
  nextMondayMorning,
  SNOOZE_COPY,
  SNOOZE_MORNING,
  snoozeDayRange,
  tomorrowMorning,
  type MessageKind,
  type SnoozeSet,
  type SnoozeState,
} from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { formatLagosDate } from '@/lib/format-date';
import { useChangeSnooze } from '../api/snooze';
import './snooze-control.css';

function stateText(state: SnoozeState): string {
  if (state.snoozedUntilReply) return SNOOZE_COPY.UNTIL_REPLY;
  if (state.snoozedUntil) return SNOOZE_COPY.UNTIL(formatLagosDate(state.snoozedUntil));
  return SNOOZE_COPY.NONE;
}

/**
 * The enquiry's Snooze control (issue 21 item 3, docs/decisions/0039): no reminders until tomorrow or next Monday at
 * 09:00, until a date and time of Lagos, or until the customer writes; or clear it. Plain buttons and labelled fields,
 * so it works from the keyboard; the state is a status line that screen readers hear change. The state comes with the
 * enquiry; a change's answer shows until the enquiry brings it (or a later one).
 */
export function SnoozeControl({ kind, id, snooze }: { kind: MessageKind; id: number; snooze: SnoozeState }) {
  const fieldId = useId();
  const change = useChangeSnooze(kind, id);
  const [day, setDay] = useState('');
  const [time, setTime] = useState(SNOOZE_MORNING);
  const { reset } = change;
  useEffect(() => reset(), [reset, snooze.snoozedUntil, snooze.snoozedUntilReply]);
  const state = change.data ?? snooze;
  const snoozed = state.snoozedUntilReply || state.snoozedUntil !== null;
  const range = snoozeDayRange(new Date());
  const set = (value: SnoozeSet | null) => change.mutate(value);
  const failure =
    change.error instanceof ApiError
      ? (change.error.fieldErrors.until ?? change.error.serverMessage ?? SNOOZE_COPY.FAILED)
      : change.error
        ? SNOOZE_COPY.FAILED
        : null;

  function pick(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (day) set({ until: lagosSnoozeTime(day, time || SNOOZE_MORNING) });
  }

  return (
    <section className="enquiry__card snooze" aria-labelledby={`${fieldId}-heading`}>
      <h3 id={`${fieldId}-heading`} className="enquiry__heading">
        {SNOOZE_COPY.HEADING}
      </h3>
      <p className="snooze__state" role="status">
        {stateText(state)}
      </p>
      <div className="snooze__choices">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={change.isPending}
          onClick={() => set({ until: tomorrowMorning(new Date()) })}
        >
          {SNOOZE_COPY.TOMORROW}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={change.isPending}
          onClick={() => set({ until: nextMondayMorning(new Date()) })}
        >
          {SNOOZE_COPY.NEXT_MONDAY}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={change.isPending}
          aria-pressed={state.snoozedUntilReply}
          onClick={() => set({ untilReply: true })}
        >
          {SNOOZE_COPY.UNTIL_THEY_REPLY}
        </button>
        {snoozed ? (
          <button type="button" className="btn btn--secondary" disabled={change.isPending} onClick={() => set(null)}>
            {SNOOZE_COPY.CLEAR}
          </button>
        ) : null}
      </div>
      <form className="snooze__pick" onSubmit={pick}>
        <div className="snooze__field">
          <label htmlFor={`${fieldId}-day`}>{SNOOZE_COPY.DATE}</label>
          <input
            id={`${fieldId}-day`}
            type="date"
            required
            min={range.min}
            max={range.max}
            value={day}
            aria-invalid={failure !== null && day !== '' ? true : undefined}
            aria-describedby={failure ? `${fieldId}-error` : undefined}
            onChange={(event) => setDay(event.currentTarget.value)}
          />
        </div>
        <div className="snooze__field">
          <label htmlFor={`${fieldId}-time`}>{SNOOZE_COPY.TIME}</label>
          <input
            id={`${fieldId}-time`}
            type="time"
            required
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
          />
        </div>
        <button type="submit" className="btn btn--secondary" disabled={change.isPending}>
          {SNOOZE_COPY.PICKED}
        </button>
      </form>
      {failure ? (
        <p id={`${fieldId}-error`} className="snooze__error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
