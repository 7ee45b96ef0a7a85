import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  API_MESSAGES,
  AUTH_SCREEN_TEXT,
  FIELD_MESSAGES,
  SPEC_MESSAGES,
  TIMINGS,
  emailField,
  isStrongPassword,
} from '@agency/shared';
import { AuthRejectedError } from '../api/auth-result';
import { register } from '../api/register';
import { requestPasswordReset } from '../api/request-password-reset';
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

interface FieldErrors {
  email?: string;
  password?: string;
}

/** The staff screen of spec 2/4/5/8: login, registration and password-reset request in one card. */
export function AuthScreen() {
  const { login } = useSession();
  const navigate = useNavigate();
  const ids = useId();
  const [mode, setMode] = useState<AuthMode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [profileImage, setProfileImage] = useState<File | null>(null);
  // Remounting the file input is the only way to empty it; the counter changes whenever the form is cleared.
  const [formGeneration, setFormGeneration] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const bannerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitleAfterSwitch = useRef(false);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  // The switch button disappears with the old mode; moving focus to the new title keeps keyboard users in place.
  useEffect(() => {
    if (!focusTitleAfterSwitch.current) return;
    focusTitleAfterSwitch.current = false;
    title.current?.focus();
  }, [mode]);

  function clearForm() {
    setEmail('');
    setPassword('');
    setProfileImage(null);
    setErrors({});
    setFormGeneration((generation) => generation + 1);
  }

  function showBanner(message: string | null, hideAfterMs?: number) {
    clearTimeout(bannerTimer.current);
    setBanner(message);
    if (message && hideAfterMs) bannerTimer.current = setTimeout(() => setBanner(null), hideAfterMs);
  }

  function switchTo(next: AuthMode) {
    focusTitleAfterSwitch.current = true;
    setMode(next);
    clearForm();
    showBanner(null);
  }

  function validate(): boolean {
    const found: FieldErrors = {};
    const parsedEmail = emailField.safeParse(email);
    if (!parsedEmail.success) found.email = parsedEmail.error.issues[0]?.message ?? FIELD_MESSAGES.EMAIL_INVALID;
    if (mode !== 'reset' && password === '') found.password = FIELD_MESSAGES.REQUIRED;
    setErrors(found);
    if (found.email) emailInput.current?.focus();
    else if (found.password) passwordInput.current?.focus();
    return !found.email && !found.password;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !validate()) return;
    if (mode === 'register' && !isStrongPassword(password)) {
      window.alert(SPEC_MESSAGES.PASSWORD_RULE);
      return;
    }
    setSubmitting(true);
    try {
      if (mode === 'login') {
        await login({ email: email.trim(), password });
        navigate('/dashboard', { replace: true });
        return;
      }
      if (mode === 'register') {
        const result = await register({ email: email.trim(), password, profileImage });
        setMode('login');
        clearForm();
        showBanner(result.message || SPEC_MESSAGES.REGISTRATION_SUCCESS, TIMINGS.REGISTRATION_BANNER_MS);
        return;
      }
      const result = await requestPasswordReset({ email: email.trim() });
      clearForm();
      showBanner(result.message || API_MESSAGES.RESET_REQUESTED);
    } catch (error) {
      if (!(error instanceof AuthRejectedError)) console.error('Auth request failed', error);
      window.alert(error instanceof AuthRejectedError ? error.message : SPEC_MESSAGES.AUTH_NETWORK_ERROR);
    } finally {
      setSubmitting(false);
    }
  }

  const emailErrorId = `${ids}-email-error`;
  const passwordErrorId = `${ids}-password-error`;
  const passwordHintId = `${ids}-password-hint`;

  return (
    <section className="auth-card" aria-labelledby={`${ids}-title`}>
      <h1 className="auth-card__title" id={`${ids}-title`} ref={title} tabIndex={-1}>
        {TITLES[mode]}
      </h1>
      <div role="status" className="auth-card__status">
        {banner && <p className="alert alert--success">{banner}</p>}
      </div>
      <form
        className="form"
        method="post"
        noValidate
        onSubmit={handleSubmit}
        aria-labelledby={`${ids}-title`}
        key={mode}
      >
        <div className={errors.email ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={`${ids}-email`}>
            E-mail
          </label>
          <input
            ref={emailInput}
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? emailErrorId : undefined}
          />
          {errors.email && (
            <p className="field__error" id={emailErrorId}>
              {errors.email}
            </p>
          )}
        </div>
        {mode !== 'reset' && (
          <div className={errors.password ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`${ids}-password`}>
              Password
            </label>
            <input
              ref={passwordInput}
              id={`${ids}-password`}
              name="password"
              type="password"
              autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={
                [errors.password && passwordErrorId, mode === 'register' && passwordHintId].filter(Boolean).join(' ') ||
                undefined
              }
            />
            {errors.password && (
              <p className="field__error" id={passwordErrorId}>
                {errors.password}
              </p>
            )}
            {mode === 'register' && (
              <p className="field__hint" id={passwordHintId}>
                At least 8 characters, with an uppercase and a lowercase letter, a number and a special character.
              </p>
            )}
          </div>
        )}
        {mode === 'register' && (
          <ProfileImageField key={formGeneration} image={profileImage} onImageChange={setProfileImage} />
        )}
        {mode === 'reset' && <p className="field__hint">We will e-mail you a link to set a new password.</p>}
        <button className="btn btn--primary auth-card__submit" type="submit" disabled={submitting}>
          {submitting ? 'Please wait…' : SUBMIT_LABELS[mode]}
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
