import { useId, useState, type FormEvent } from 'react';
import {
  MESSAGE_KIND_LABELS,
  RESPONSE_TARGET_LIMITS,
  RESPONSE_TIMES_MESSAGES,
  type MessageKind,
  type ResponseTargetsAnswer,
} from '@agency/shared';
import { TextField } from '@/components/forms/fields';
import { ApiError } from '@/lib/api-client';
import { isAccessError } from '@/lib/staff-query';
import { useResponseTargets, useSaveResponseTargets } from '../api/response-targets';
import './owner.css';

/** "60 minutes (1 business hour)", "240 minutes (4 business hours)", "90 minutes". */
function minutesText(minutes: number): string {
  const hours = minutes / 60;
  if (!Number.isInteger(hours)) return `${minutes} minutes`;
  return `${minutes} minutes (${hours} business ${hours === 1 ? 'hour' : 'hours'})`;
}

/** A typed target, or undefined when it is not whole minutes in the range. */
function minutesOf(text: string): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const minutes = Number(text.trim());
  return minutes >= RESPONSE_TARGET_LIMITS.MIN_MINUTES && minutes <= RESPONSE_TARGET_LIMITS.MAX_MINUTES
    ? minutes
    : undefined;
}

/**
 * The owners' first-response targets (issue 21, docs/decisions/0038): business minutes per kind, from the enquiry's
 * arrival to the first human answer. Saving moves the due times of enquiries still waiting for their first answer.
 */
export function ResponseTargets() {
  const targets = useResponseTargets();
  if (targets.isPending) return <p role="status">Loading the first-response targets...</p>;
  if (targets.isError) {
    return (
      <section className="owner-card owner-card--notice">
        <p role="alert">The first-response targets could not be loaded. Please try again.</p>
        <p>
          <button type="button" className="btn btn--secondary" onClick={() => void targets.refetch()}>
            Try again
          </button>
        </p>
      </section>
    );
  }
  return <ResponseTargetsForm answer={targets.data} />;
}

function ResponseTargetsForm({ answer }: { answer: ResponseTargetsAnswer }) {
  const id = useId();
  const save = useSaveResponseTargets();
  const draftOf = (saved: ResponseTargetsAnswer) =>
    Object.fromEntries(saved.targets.map(({ kind, minutes }) => [kind, String(minutes)])) as Record<
      MessageKind,
      string
    >;
  const [draft, setDraft] = useState(() => draftOf(answer));
  const [errors, setErrors] = useState<ReadonlyMap<MessageKind, string>>(new Map());
  const [announcement, setAnnouncement] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const problems = new Map<MessageKind, string>();
    const targets: Partial<Record<MessageKind, number>> = {};
    for (const { kind } of answer.targets) {
      const minutes = minutesOf(draft[kind]);
      if (minutes === undefined) problems.set(kind, RESPONSE_TIMES_MESSAGES.TARGET);
      else targets[kind] = minutes;
    }
    setErrors(problems);
    if (problems.size > 0) {
      setAnnouncement(RESPONSE_TIMES_MESSAGES.TARGET);
      return;
    }
    setAnnouncement('');
    save.mutate(
      { targets },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          setAnnouncement('The first-response targets are saved.');
        },
        onError: (error) => {
          if (isAccessError(error)) return;
          setAnnouncement(
            (error instanceof ApiError ? (Object.values(error.fieldErrors)[0] ?? error.serverMessage) : null) ??
              'Saving did not work. Nothing was changed. Please try again.',
          );
        },
      },
    );
  }

  return (
    <form className="owner-card" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 className="owner-card__title" id={`${id}-title`}>
        First-response targets
      </h2>
      <p>
        Business minutes from an enquiry&apos;s arrival to the first answer (an e-mail from the app, or a WhatsApp
        message or call someone confirms). Whole minutes from {RESPONSE_TARGET_LIMITS.MIN_MINUTES} to{' '}
        {RESPONSE_TARGET_LIMITS.MAX_MINUTES}. A reminder goes out at 75 % of the target. A new target also applies to
        enquiries still waiting for their first answer.
      </p>
      {answer.targets.map(({ kind, defaultMinutes }) => (
        <TextField
          key={kind}
          name={`target-${kind}`}
          label={`${MESSAGE_KIND_LABELS[kind]} (business minutes)`}
          hint={`Default: ${minutesText(defaultMinutes)}`}
          type="text"
          inputMode="numeric"
          value={draft[kind]}
          error={errors.get(kind)}
          onChange={(value) => setDraft((current) => ({ ...current, [kind]: value }))}
        />
      ))}
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save targets'}
        </button>
      </div>
      <p className="owner-status" role="status">
        {announcement}
      </p>
    </form>
  );
}
