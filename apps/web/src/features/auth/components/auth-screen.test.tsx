import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_TEXTS,
  API_MESSAGES,
  API_PATHS,
  FIELD_MESSAGES,
  PATHS,
  SPEC_MESSAGES,
  STAFF_MESSAGES,
  TIMINGS,
} from '@agency/shared';
import { jsonResponse, networkFailure, requestsTo, stubApi, type StubbedRequest } from '@/test/stub-api';
import { SessionProvider } from '../session/session-provider';
import { AuthScreen } from './auth-screen';

const STRONG_PASSWORD = 'Lagos#2026x';
const ADA = { username: 'ada', email: 'ada@example.ng', profile_image: 'default-avatar.png' };

type Routes = Parameters<typeof stubApi>[0];

function renderAuthScreen(routes: Routes = {}) {
  const fetchMock = stubApi({
    [API_PATHS.SESSION_CHECK]: () => jsonResponse({ success: false }),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={['/auth']}>
      <SessionProvider>
        <Routes>
          <Route path="/auth" element={<AuthScreen />} />
          <Route path="/dashboard" element={<h1>Dashboard stand-in</h1>} />
          <Route path={PATHS.awaitingApproval} element={<h1>Awaiting approval stand-in</h1>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  return fetchMock;
}

const title = () => screen.getByRole('heading', { level: 1 });
const emailInput = () => screen.getByLabelText('E-mail');
const passwordInput = () => screen.getByLabelText('Password');

describe('the auth screen', () => {
  let alertSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('modes', () => {
    it('opens on Admin Login with links to register and to reset the password', () => {
      renderAuthScreen();
      expect(title()).toHaveTextContent('Admin Login');
      expect(screen.getByRole('button', { name: 'Register here' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Forgot password? Reset' })).toBeInTheDocument();
      expect(passwordInput()).toBeInTheDocument();
      expect(screen.queryByLabelText(/profile image/i)).not.toBeInTheDocument();
    });

    it('switches to Admin Registration with an optional profile image, and back with "Login here"', async () => {
      const user = userEvent.setup();
      renderAuthScreen();
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      expect(title()).toHaveTextContent('Admin Registration');
      expect(title()).toHaveFocus();
      expect(screen.getByLabelText(/profile image/i)).toHaveAttribute('accept', 'image/*');
      await user.click(screen.getByRole('button', { name: 'Login here' }));
      expect(title()).toHaveTextContent('Admin Login');
    });

    it('asks only for the e-mail in Reset Password mode', async () => {
      const user = userEvent.setup();
      renderAuthScreen();
      await user.click(screen.getByRole('button', { name: 'Forgot password? Reset' }));
      expect(title()).toHaveTextContent('Reset Password');
      expect(emailInput()).toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Login here' })).toBeInTheDocument();
    });

    it('clears the typed e-mail, password and chosen image when the mode changes', async () => {
      const user = userEvent.setup();
      renderAuthScreen();
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.upload(screen.getByLabelText(/profile image/i), new File(['png'], 'me.png', { type: 'image/png' }));
      expect(await screen.findByRole('img', { name: /preview of your profile image/i })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Login here' }));
      expect(emailInput()).toHaveValue('');
      expect(passwordInput()).toHaveValue('');
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      expect(emailInput()).toHaveValue('');
      expect(screen.queryByRole('img', { name: /preview/i })).not.toBeInTheDocument();
      expect((screen.getByLabelText(/profile image/i) as HTMLInputElement).files).toHaveLength(0);
    });
  });

  describe('validation', () => {
    it('requires the e-mail and the password before anything is sent', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen();
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(emailInput()).toHaveAccessibleDescription('This field is required.');
      expect(passwordInput()).toHaveAccessibleDescription('This field is required.');
      expect(emailInput()).toHaveFocus();
      expect(requestsTo(fetchMock, API_PATHS.LOGIN)).toHaveLength(0);
    });

    it('refuses an e-mail that is not an address', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen();
      await user.type(emailInput(), 'ada-at-example');
      await user.type(passwordInput(), 'anything');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(emailInput()).toHaveAccessibleDescription('Please enter a valid e-mail address.');
      expect(requestsTo(fetchMock, API_PATHS.LOGIN)).toHaveLength(0);
    });

    it('alerts the password rule on registration and sends nothing', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen();
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), 'password1');
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.PASSWORD_RULE);
      expect(requestsTo(fetchMock, API_PATHS.REGISTER)).toHaveLength(0);
    });

    it('says under the password that it is longer than 72 bytes, instead of a general refusal, and sends nothing', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen();
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.click(passwordInput());
      await user.paste(`Aa1!${'x'.repeat(69)}`);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(passwordInput()).toHaveAccessibleDescription(expect.stringContaining(FIELD_MESSAGES.PASSWORD_TOO_LONG));
      expect(passwordInput()).toHaveFocus();
      expect(alertSpy).not.toHaveBeenCalled();
      expect(requestsTo(fetchMock, API_PATHS.REGISTER)).toHaveLength(0);
    });

    it("puts a refusal's field errors on the fields", async () => {
      const user = userEvent.setup();
      renderAuthScreen({
        [API_PATHS.REGISTER]: () =>
          jsonResponse(
            {
              success: false,
              message: 'Some fields are missing or invalid.',
              errors: { email: FIELD_MESSAGES.EMAIL_INVALID },
            },
            400,
          ),
      });
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(emailInput()).toHaveAccessibleDescription(FIELD_MESSAGES.EMAIL_INVALID));
      expect(alertSpy).not.toHaveBeenCalled();
    });

    it('does not apply the strength rule to login', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen({
        [API_PATHS.LOGIN]: () => jsonResponse({ success: false, message: API_MESSAGES.LOGIN_INVALID }, 401),
      });
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), 'weak');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(API_MESSAGES.LOGIN_INVALID));
      expect(requestsTo(fetchMock, API_PATHS.LOGIN)).toHaveLength(1);
    });

    it('rejects a file that is not an image, with a message', async () => {
      const user = userEvent.setup({ applyAccept: false });
      renderAuthScreen();
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      const fileInput = screen.getByLabelText(/profile image/i) as HTMLInputElement;
      await user.upload(fileInput, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
      expect(screen.getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.PROFILE_IMAGE_NOT_IMAGE);
      expect(fileInput.files).toHaveLength(0);
      expect(screen.queryByRole('img', { name: /preview/i })).not.toBeInTheDocument();
    });
  });

  describe('registration', () => {
    it('sends multipart email, password and the chosen image, then shows the banner for 5 s in login mode', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const fetchMock = renderAuthScreen({
        [API_PATHS.REGISTER]: () => jsonResponse({ success: true, message: API_MESSAGES.REGISTERED_CHECK_MAIL }, 201),
      });
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      const avatar = new File(['png'], 'me.png', { type: 'image/png' });
      await user.upload(screen.getByLabelText(/profile image/i), avatar);
      await user.click(screen.getByRole('button', { name: 'Register' }));

      expect(await screen.findByText(API_MESSAGES.REGISTERED_CHECK_MAIL)).toBeInTheDocument();
      expect(title()).toHaveTextContent('Admin Login');
      expect(emailInput()).toHaveValue('');

      const [request] = requestsTo(fetchMock, API_PATHS.REGISTER);
      expect(request?.init.method).toBe('POST');
      const body = request?.init.body as FormData;
      expect(body).toBeInstanceOf(FormData);
      expect(body.get('email')).toBe('ada@example.ng');
      expect(body.get('password')).toBe(STRONG_PASSWORD);
      expect((body.get('profile_image') as File).name).toBe('me.png');

      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.REGISTRATION_BANNER_MS - 500));
      expect(screen.getByText(API_MESSAGES.REGISTERED_CHECK_MAIL)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(600));
      expect(screen.queryByText(API_MESSAGES.REGISTERED_CHECK_MAIL)).not.toBeInTheDocument();
    });

    it('sends no file when no image was chosen (the server gives the default avatar)', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen({
        [API_PATHS.REGISTER]: () => jsonResponse({ success: true }, 201),
      });
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
      const body = requestsTo(fetchMock, API_PATHS.REGISTER)[0]?.init.body as FormData;
      expect(body.has('profile_image')).toBe(false);
    });

    it('hides the banner at once when the visitor switches mode', async () => {
      const user = userEvent.setup();
      renderAuthScreen({ [API_PATHS.REGISTER]: () => jsonResponse({ success: true }, 201) });
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Forgot password? Reset' }));
      expect(screen.queryByText(SPEC_MESSAGES.REGISTRATION_SUCCESS)).not.toBeInTheDocument();
    });
  });

  describe('login', () => {
    it('posts JSON with the cookie, stores the user and goes to /dashboard', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen({
        [API_PATHS.LOGIN]: () => jsonResponse({ success: true, message: API_MESSAGES.LOGIN_SUCCESS, user: ADA }),
      });
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument();
      const [request] = requestsTo(fetchMock, API_PATHS.LOGIN);
      expect(request?.init).toMatchObject({ method: 'POST', credentials: 'include' });
      expect(JSON.parse(String(request?.init.body))).toEqual({ email: 'ada@example.ng', password: STRONG_PASSWORD });
    });
  });

  describe('reset request', () => {
    it('posts the e-mail and shows the server message', async () => {
      const user = userEvent.setup();
      const fetchMock = renderAuthScreen({
        [API_PATHS.RESET_REQUEST]: () => jsonResponse({ success: true, message: API_MESSAGES.RESET_REQUESTED }),
      });
      await user.click(screen.getByRole('button', { name: 'Forgot password? Reset' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(await screen.findByText(API_MESSAGES.RESET_REQUESTED)).toBeInTheDocument();
      const body = requestsTo(fetchMock, API_PATHS.RESET_REQUEST)[0]?.init.body;
      expect(JSON.parse(String(body))).toEqual({ email: 'ada@example.ng' });
      expect(within(screen.getByRole('status')).getByText(API_MESSAGES.RESET_REQUESTED)).toBeInTheDocument();
    });
  });

  describe('failures', () => {
    async function submitLoginAnswering(answer: (request: StubbedRequest) => Response | Promise<Response>) {
      const user = userEvent.setup();
      renderAuthScreen({ [API_PATHS.LOGIN]: answer });
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(alertSpy).toHaveBeenCalledTimes(1));
    }

    async function submitLogin(answer: (request: StubbedRequest) => Response | Promise<Response>) {
      const user = userEvent.setup();
      renderAuthScreen({ [API_PATHS.LOGIN]: answer });
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
    }

    it('takes an account awaiting approval to the page that explains the wait, without an alert', async () => {
      await submitLogin(() => jsonResponse({ success: false, message: API_MESSAGES.LOGIN_AWAITING_APPROVAL }, 403));
      expect(await screen.findByRole('heading', { name: 'Awaiting approval stand-in' })).toBeInTheDocument();
      expect(alertSpy).not.toHaveBeenCalled();
    });

    it('keeps the answer for an unconfirmed address on the card, with a link to request a new confirmation link', async () => {
      await submitLogin(() => jsonResponse({ success: false, message: API_MESSAGES.LOGIN_UNCONFIRMED }, 403));
      const answer = await screen.findByRole('alert');
      expect(answer).toHaveTextContent(API_MESSAGES.LOGIN_UNCONFIRMED);
      expect(within(answer).getByRole('link', { name: ACCOUNT_TEXTS.NEW_LINK_ACTION })).toHaveAttribute(
        'href',
        PATHS.newConfirmationLink,
      );
      expect(alertSpy).not.toHaveBeenCalled();
      expect(title()).toHaveTextContent('Admin Login');
    });

    it("alerts the server's own message for any other refusal", async () => {
      await submitLoginAnswering(() => jsonResponse({ success: false, message: 'Your account is locked.' }, 403));
      expect(alertSpy).toHaveBeenCalledWith('Your account is locked.');
      expect(title()).toHaveTextContent('Admin Login');
    });

    it('alerts the too-many-attempts message of a 429', async () => {
      const tooMany = API_MESSAGES.TOO_MANY_ATTEMPTS(15);
      await submitLoginAnswering(() => jsonResponse({ success: false, message: tooMany }, 429));
      expect(alertSpy).toHaveBeenCalledWith(tooMany);
    });

    it('alerts "Operation failed." when success is false without a message', async () => {
      await submitLoginAnswering(() => jsonResponse({ success: false }));
      expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.OPERATION_FAILED);
    });

    it('alerts "Operation failed." when the answer is not ok even if it claims success', async () => {
      await submitLoginAnswering(() => jsonResponse({ success: true }, 500));
      expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.OPERATION_FAILED);
    });

    it('treats a body that is not JSON as a network or server error', async () => {
      await submitLoginAnswering(() => new Response('<h1>502 Bad Gateway</h1>', { status: 502 }));
      expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.AUTH_NETWORK_ERROR);
      expect(console.error).toHaveBeenCalledWith(
        'Auth request failed',
        expect.objectContaining({ message: SPEC_MESSAGES.FAILED_TO_PARSE_JSON }),
      );
    });

    it('alerts the network message when the request cannot be made', async () => {
      await submitLoginAnswering(networkFailure);
      expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.AUTH_NETWORK_ERROR);
    });

    it("alerts a registration refusal's message and stays in registration mode", async () => {
      const user = userEvent.setup();
      renderAuthScreen({
        [API_PATHS.REGISTER]: () => jsonResponse({ success: false, message: API_MESSAGES.SERVICE_UNAVAILABLE }, 503),
      });
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(API_MESSAGES.SERVICE_UNAVAILABLE));
      expect(title()).toHaveTextContent('Admin Registration');
      expect(emailInput()).toHaveValue('ada@example.ng');
    });

    it('alerts the too-many-registrations message of a 429 and stays in registration mode', async () => {
      const tooMany = API_MESSAGES.TOO_MANY_REGISTRATIONS(60);
      const user = userEvent.setup();
      renderAuthScreen({
        [API_PATHS.REGISTER]: () => jsonResponse({ success: false, message: tooMany }, 429),
      });
      await user.click(screen.getByRole('button', { name: 'Register here' }));
      await user.type(emailInput(), 'ada@example.ng');
      await user.type(passwordInput(), STRONG_PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(tooMany));
      expect(title()).toHaveTextContent('Admin Registration');
    });
  });
});
