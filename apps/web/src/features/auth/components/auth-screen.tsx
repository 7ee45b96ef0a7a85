import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ACCOUNT_TEXTS,
  API_MESSAGES,
  AUTH_SCREEN_TEXT,
  LoginSchema,
  PATHS,
  RegisterSchema,
  ResetRequestSchema,
  SPEC_MESSAGES,
  TIMINGS,
} from '@agency/shared';
import { TextField } from '@/components/forms/fields';
import { parseOrShowErrors, useForm, type SubmitContext } from '@/components/forms/use-form';
import { Link } from '@/components/ui/link';
import { ApiError } from '@/lib/api-client';
import { register } from '../api/register';
import { requestPasswordReset } from '../api/request-password-reset';
import { RETURN_PARAMETER, returnPathOf } from '../session/return-path';
import { useSession } from '../session/use-session';
import { ProfileImageField } from './profile-image-field';
import './auth.css';

export type AuthMode = 'login' | 'register' | 'reset';

const TITLES: Record<AuthMode, string> = {
  login: AUTH_SCREEN_TEXT.LOGIN_TITLE,
  register: AUTH_SCREEN_TEXT.REGISTER_TITLE,
  reset: AUTH_SCREEN_TEXT.RESET_TITLE,
};

const SUBMIT_LABELS: Record<AuthMode, string> = {
  login: 'Log in',
  register: 'Register',
  reset: 'Send reset link',
};

const EMPTY_CREDENTIALS = { email: '', password: '' };

/**
 * The registration checks in the spec's order: e-mail and password present (inline, as for login), then the password
 * rule, which the spec alerts; any other rule of RegisterSchema (the 72-byte limit) shows under its field.
 */
function parseRegistration(values: typeof EMPTY_CREDENTIALS, context: SubmitContext) {
  if (parseOrShowErrors(LoginSchema.safeParse(values), context) === null) return null;
  const parsed = RegisterSchema.safeParse(values);
  const ruleBroken =
    !parsed.success && parsed.error.issues.some((issue) => issue.message === SPEC_MESSAGES.PASSWORD_RULE);
  if (ruleBroken) {
    window.alert(SPEC_MESSAGES.PASSWORD_RULE);
    return null;
  }
  return parseOrShowErrors(parsed, context);
}

/** A refusal's field errors land on the fields; anything else is alerted (spec 8). */
function reportFailure(error: unknown, context: SubmitContext) {
  if (error instanceof ApiError && error.kind === 'rejected') {
    const { email, password } = error.fieldErrors;
    const fieldErrors = { ...(email ? { email } : {}), ...(password ? { password } : {}) };
    if (Object.keys(fieldErrors).length > 0) context.showFieldErrors(fieldErrors);
    else window.alert(error.message || SPEC_MESSAGES.OPERATION_FAILED);
    return;
  }
  console.error('Auth request failed', error);
  window.alert(SPEC_MESSAGES.AUTH_NETWORK_ERROR);
}

/** The staff screen of spec 2/4/5/8: login, registration and password-reset request in one card. */
export function AuthScreen() {
  const { login } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useId();
  const [mode, setMode] = useState<AuthMode>('login');
  const [profileImage, setProfileImage] = useState<File | null>(null);
  // Remounting the file input is the only way to empty it; the counter changes whenever the form is cleared.
  const [formGeneration, setFormGeneration] = useState(0);
  const [banner, setBanner] = useState<string | null>(null);
  // The sign-in answer for an address not confirmed yet stays on the card, with the way to a new link (issue 17).
  const [unconfirmed, setUnconfirmed] = useState(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitleAfterSwitch = useRef(false);

  const form = useForm({
    initialValues: EMPTY_CREDENTIALS,
    onSubmit: (values, context) => {
      if (mode === 'login') {
        const credentials = parseOrShowErrors(LoginSchema.safeParse(values), context);
        if (!credentials) return;
        setUnconfirmed(false);
        // Back to the page the session ended on (an idle logout, a link from a mail), never off the staff area.
        return login(credentials).then(
          () => navigate(returnPathOf(params.get(RETURN_PARAMETER)), { replace: true }),
          (error: unknown) => {
            const refusal = error instanceof ApiError && error.kind === 'rejected' ? error.message : null;
            // An account waiting for an owner gets a page that says so, not an alert that vanishes (issue 17).
            if (refusal === API_MESSAGES.LOGIN_AWAITING_APPROVAL) return navigate(PATHS.awaitingApproval);
            if (refusal === API_MESSAGES.LOGIN_UNCONFIRMED) return setUnconfirmed(true);
            reportFailure(error, context);
          },
        );
      }
      if (mode === 'register') {
        const account = parseRegistration(values, context);
        if (!account) return;
        return register({ ...account, profileImage }).then(
          (result) => {
            setMode('login');
            clearForm();
            showBanner(result.message || SPEC_MESSAGES.REGISTRATION_SUCCESS, TIMINGS.REGISTRATION_BANNER_MS);
          },
          (error: unknown) => reportFailure(error, context),
        );
      }
      const reset = parseOrShowErrors(ResetRequestSchema.safeParse({ email: values.email }), context);
      if (!reset) return;
      return requestPasswordReset(reset).then(
        (result) => {
          clearForm();
          showBanner(result.message || API_MESSAGES.RESET_REQUESTED);
        },
        (error: unknown) => reportFailure(error, context),
      );
    },
  });

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  // The switch button disappears with the old mode; moving focus to the new title keeps keyboard users in place.
  useEffect(() => {
    if (!focusTitleAfterSwitch.current) return;
    focusTitleAfterSwitch.current = false;
    title.current?.focus();
  }, [mode]);

  function clearForm() {
    form.reset();
    setProfileImage(null);
    setFormGeneration((generation) => generation + 1);
  }

  function showBanner(message: string | null, hideAfterMs?: number) {
    clearTimeout(bannerTimer.current);
    setBanner(message);
    if (message && hideAfterMs) bannerTimer.current = setTimeout(() => setBanner(null), hideAfterMs);
  }

  function switchTo(next: AuthMode) {
    focusTitleAfterSwitch.current = true;
    setUnconfirmed(false);
    setMode(next);
    clearForm();
    showBanner(null);
  }

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h1 className="auth-card__title" id={`${ids}-title`} ref={title} tabIndex={-1}>
        {TITLES[mode]}
      </h1>
      <div role="status" className="auth-card__status">
        {banner && <p className="alert alert--success">{banner}</p>}
      </div>
      {unconfirmed && (
        <div role="alert" className="alert alert--error auth-card__unconfirmed">
          <p>{API_MESSAGES.LOGIN_UNCONFIRMED}</p>
          <p>
            <Link to={PATHS.newConfirmationLink}>{ACCOUNT_TEXTS.NEW_LINK_ACTION}</Link>
          </p>
        </div>
      )}
      <form className="form" method="post" {...form.formProps} aria-labelledby={`${ids}-title`} key={mode}>
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          markRequired={false}
          {...form.fieldProps('email')}
        />
        {mode !== 'reset' && (
          <TextField
            label="Password"
            type="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            required
            markRequired={false}
            hint={
              mode === 'register'
                ? 'At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.'
                : undefined
            }
            hintPlacement="below"
            {...form.fieldProps('password')}
          />
        )}
        {mode === 'register' && (
          <ProfileImageField key={formGeneration} image={profileImage} onImageChange={setProfileImage} />
        )}
        {mode === 'reset' && <p className="field__hint">We will e-mail you a link to set a new password.</p>}
        <button className="btn btn--primary auth-card__submit" type="submit" disabled={form.sending}>
          {form.sending ? 'Please wait…' : SUBMIT_LABELS[mode]}
        </button>
      </form>
      <div className="auth-card__switches">
        {mode === 'login' && (
          <>
            <p>
              No account yet?{' '}
              <button type="button" className="link-button" onClick={() => switchTo('register')}>
                {AUTH_SCREEN_TEXT.SWITCH_TO_REGISTER}
              </button>
            </p>
            <p>
              <button type="button" className="link-button" onClick={() => switchTo('reset')}>
                {AUTH_SCREEN_TEXT.SWITCH_TO_RESET}
              </button>
            </p>
          </>
        )}
        {mode !== 'login' && (
          <p>
            {mode === 'register' ? 'Already registered? ' : 'Remembered it? '}
            <button type="button" className="link-button" onClick={() => switchTo('login')}>
              {AUTH_SCREEN_TEXT.SWITCH_TO_LOGIN}
            </button>
          </p>
        )}
      </div>
    </section>
  );
}
