import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  API_MESSAGES,
  LIMITS,
  PasswordChangeFormSchema,
  PROFILE_COPY,
  PROFILE_MESSAGES,
  ProfileChangeSchema,
  STAFF_MESSAGES,
  type Profile,
} from '@agency/shared';
import { Field, TextField } from '@/components/forms/fields';
import { ApiError } from '@/lib/api-client';
import { isAccessError } from '@/lib/staff-query';
import { useChangeAvatar, useChangePassword, useSaveName } from '../api/profile';

type FieldErrors = Record<string, string>;

/** The address of a stored picture's name (the session feature's rule, handed in by the page). */
export type AvatarUrlOf = (profileImage: string) => string;

/** What a form shows after a submit: a summary linking to each field's error, or what went well. */
type Outcome = { tone: 'error'; message: string; errors: FieldErrors } | { tone: 'success'; message: string } | null;

const TRY_AGAIN = 'That did not work. Please check your connection and try again.';

/** The first message of each field of a refused zod parse. */
function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's refusal as an outcome; null for a signed-out answer, which the staff area handles. */
function refusalOf(error: unknown, fallbackField?: string): Outcome {
  if (isAccessError(error)) return null;
  if (error instanceof ApiError && error.kind === 'rejected') {
    const errors = { ...error.fieldErrors };
    if (Object.keys(errors).length === 0 && fallbackField && error.status !== 429)
      errors[fallbackField] = error.message;
    return { tone: 'error', message: error.message, errors };
  }
  return { tone: 'error', message: TRY_AGAIN, errors: {} };
}

/**
 * The top of a form after a submit: what happened, and for a refusal a link to each field in trouble. It takes the
 * focus, so a phone scrolled down to the button sees it at once.
 */
function FormOutcome({ outcome, ids, labels }: { outcome: Outcome; ids: FieldErrors; labels: FieldErrors }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  if (!outcome) return <div ref={ref} role="status" className="profile-outcome" />;
  if (outcome.tone === 'success') {
    return (
      <div ref={ref} tabIndex={-1} role="status" className="alert alert--success profile-outcome">
        {outcome.message}
      </div>
    );
  }
  const fields = Object.entries(outcome.errors).filter(([field]) => ids[field]);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="alert alert--error profile-outcome">
      <p className="profile-outcome__title">{fields.length > 0 ? 'Please correct the following:' : outcome.message}</p>
      {fields.length > 0 ? (
        <ul className="profile-outcome__list">
          {fields.map(([field, message]) => (
            <li key={field}>
              <a href={`#${ids[field]}`}>
                {labels[field]}: {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function errorsOf(outcome: Outcome): FieldErrors {
  return outcome?.tone === 'error' ? outcome.errors : {};
}

function ProfileCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="profile-card" aria-labelledby={id}>
      <h2 className="profile-card__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The name everyone sees; empty goes back to the e-mail name. */
export function DisplayNameForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const id = useId();
  const save = useSaveName();
  const [name, setName] = useState(profile.displayName ?? '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const ids = { displayName: `${id}-name` };
  const errors = errorsOf(outcome);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ProfileChangeSchema.safeParse({ displayName: name });
    if (!parsed.success) {
      setOutcome({ tone: 'error', message: '', errors: fieldErrorsOf(parsed.error.issues) });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        setName(answer.profile.displayName ?? '');
        onSaved(answer.profile);
        setOutcome({ tone: 'success', message: answer.message ?? PROFILE_MESSAGES.NAME_SAVED });
      },
      onError: (error) => setOutcome(refusalOf(error, 'displayName')),
    });
  }

  return (
    <ProfileCard id={`${id}-title`} title="Your name">
      <form className="form profile-form" noValidate onSubmit={submit}>
        <FormOutcome outcome={outcome} ids={ids} labels={{ displayName: PROFILE_COPY.NAME_LABEL }} />
        <p className="profile-form__current">
          Colleagues and clients see: <strong>{profile.name}</strong>
        </p>
        <TextField
          id={ids.displayName}
          name="displayName"
          label={PROFILE_COPY.NAME_LABEL}
          hint={PROFILE_COPY.NAME_HINT}
          autoComplete="name"
          value={name}
          onChange={setName}
          error={errors.displayName}
          markRequired={false}
        />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save name'}
          </button>
        </div>
      </form>
    </ProfileCard>
  );
}

/** A new picture, checked here for type and size before it is sent; the server re-encodes it. */
export function AvatarForm({
  profile,
  avatarUrlOf,
  onSaved,
}: {
  profile: Profile;
  avatarUrlOf: AvatarUrlOf;
  onSaved: (profile: Profile) => void;
}) {
  const id = useId();
  const change = useChangeAvatar();
  const [image, setImage] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { profile_image: `${id}-file` };
  const errors = errorsOf(outcome);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = !image
      ? PROFILE_MESSAGES.AVATAR_REQUIRED
      : !image.type.startsWith('image/')
        ? STAFF_MESSAGES.PROFILE_IMAGE_NOT_IMAGE
        : image.size > LIMITS.PROFILE_IMAGE_MAX_BYTES
          ? API_MESSAGES.IMAGE_TOO_LARGE
          : null;
    if (problem || !image) {
      setOutcome({
        tone: 'error',
        message: '',
        errors: { profile_image: problem ?? PROFILE_MESSAGES.AVATAR_REQUIRED },
      });
      return;
    }
    change.mutate(image, {
      onSuccess: (answer) => {
        setImage(null);
        if (input.current) input.current.value = '';
        onSaved(answer.profile);
        setOutcome({ tone: 'success', message: answer.message ?? PROFILE_MESSAGES.AVATAR_CHANGED });
      },
      onError: (error) => setOutcome(refusalOf(error, 'profile_image')),
    });
  }

  return (
    <ProfileCard id={`${id}-title`} title="Your picture">
      <form className="form profile-form" noValidate onSubmit={submit}>
        <FormOutcome outcome={outcome} ids={ids} labels={{ profile_image: PROFILE_COPY.AVATAR_LABEL }} />
        <div className="profile-avatar">
          <img
            className="profile-avatar__image"
            src={avatarUrlOf(profile.profile_image)}
            alt={`Your picture now (${profile.name})`}
            width={96}
            height={96}
          />
          <Field
            id={ids.profile_image}
            name="profile_image"
            label={PROFILE_COPY.AVATAR_LABEL}
            hint={PROFILE_COPY.AVATAR_HINT}
            error={errors.profile_image}
            markRequired={false}
            className="profile-avatar__field"
          >
            {(control) => (
              <input
                {...control}
                ref={input}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(event) => setImage(event.currentTarget.files?.[0] ?? null)}
              />
            )}
          </Field>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={change.isPending}>
            {change.isPending ? 'Uploading…' : 'Change picture'}
          </button>
        </div>
      </form>
    </ProfileCard>
  );
}

const PASSWORD_LABELS = {
  currentPassword: PROFILE_COPY.CURRENT_PASSWORD_LABEL,
  newPassword: PROFILE_COPY.NEW_PASSWORD_LABEL,
  confirmPassword: PROFILE_COPY.CONFIRM_PASSWORD_LABEL,
};

/** The password, with the current one; the server ends every other session of the account. */
export function PasswordForm({ email }: { email: string }) {
  const id = useId();
  const change = useChangePassword();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const ids = {
    currentPassword: `${id}-current`,
    newPassword: `${id}-new`,
    confirmPassword: `${id}-confirm`,
  };
  const errors = errorsOf(outcome);
  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = PasswordChangeFormSchema.safeParse(values);
    if (!parsed.success) {
      setOutcome({ tone: 'error', message: '', errors: fieldErrorsOf(parsed.error.issues) });
      return;
    }
    const { currentPassword, newPassword } = parsed.data;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (message) => {
          setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
          setOutcome({ tone: 'success', message: message || PROFILE_MESSAGES.PASSWORD_CHANGED });
        },
        onError: (error) => setOutcome(refusalOf(error)),
      },
    );
  }

  return (
    <ProfileCard id={`${id}-title`} title="Your password">
      <form className="form profile-form" noValidate onSubmit={submit}>
        <FormOutcome outcome={outcome} ids={ids} labels={PASSWORD_LABELS} />
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          id={ids.currentPassword}
          name="currentPassword"
          type="password"
          label={PASSWORD_LABELS.currentPassword}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          markRequired={false}
          required
        />
        <TextField
          id={ids.newPassword}
          name="newPassword"
          type="password"
          label={PASSWORD_LABELS.newPassword}
          hint={PROFILE_COPY.NEW_PASSWORD_HINT}
          hintPlacement="below"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          markRequired={false}
          required
        />
        <TextField
          id={ids.confirmPassword}
          name="confirmPassword"
          type="password"
          label={PASSWORD_LABELS.confirmPassword}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
          markRequired={false}
          required
        />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </ProfileCard>
  );
}

/**
 * The person's notification choices, each drawn by the feature that owns it and handed in by the page (features do
 * not import each other): the daily digest today, the assignment mail of issue 23 item 4 beside it.
 */
export function NotificationChoices({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <ProfileCard id={`${id}-title`} title={PROFILE_COPY.NOTIFICATIONS_HEADING}>
      <div className="profile-notifications">{children}</div>
    </ProfileCard>
  );
}
