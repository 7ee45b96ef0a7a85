import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  API_PATHS,
  CROSS_MARK,
  FIELD_MESSAGES,
  RESET_LINK_PATH,
  RESET_LINK_TEXTS,
  SPEC_MESSAGES,
  TIMINGS,
  type ResetLinkState,
} from '@agency/shared';
import { jsonResponse, networkFailure, paragraphWithText, requestsTo, stubApi } from '@/test/stub-api';
import { ResetPasswordForm } from './reset-password-form';

const NEW_PASSWORD = 'Ikeja!2026pw';

function ResetRoute() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordForm token={searchParams.get('token')} />;
}

const linkIs = (state: ResetLinkState) => () => jsonResponse({ success: true, state });

/** The page with a link the server calls usable, unless `routes` answer RESET_LINK_PATH otherwise. */
function renderReset(routes: Parameters<typeof stubApi>[0], url = '/reset-password?token=tok123') {
  const fetchMock = stubApi({ [RESET_LINK_PATH]: linkIs('usable'), ...routes });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/reset-password" element={<ResetRoute />} />
        <Route path="/auth" element={<h1>Auth stand-in</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return fetchMock;
}

async function submit(password: string, confirmation: string, user = userEvent.setup()) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('the reset-password page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refuses a weak password with a cross mark and the rule, sending nothing', async () => {
    const fetchMock = renderReset({});
    await submit('weakpass', 'weakpass');
    expect(screen.getByText(paragraphWithText(`${CROSS_MARK} ${SPEC_MESSAGES.PASSWORD_RULE}`))).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.UPDATE_PASSWORD)).toEqual([]);
  });

  it('refuses two different passwords with "Passwords do not match."', async () => {
    const fetchMock = renderReset({});
    await submit(NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(
      screen.getByText(paragraphWithText(`${CROSS_MARK} ${SPEC_MESSAGES.PASSWORDS_DO_NOT_MATCH}`)),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.UPDATE_PASSWORD)).toEqual([]);
  });

  it('refuses a password longer than 72 bytes with its own message, sending nothing', async () => {
    const fetchMock = renderReset({});
    const tooLong = `Aa1!${'x'.repeat(69)}`;
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('New password'));
    await user.paste(tooLong);
    await user.click(screen.getByLabelText('Confirm password'));
    await user.paste(tooLong);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(
      screen.getByText(paragraphWithText(`${CROSS_MARK} ${FIELD_MESSAGES.PASSWORD_TOO_LONG}`)),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.UPDATE_PASSWORD)).toEqual([]);
  });

  it('posts token and password, shows the message and goes to /auth after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = renderReset({
      [API_PATHS.UPDATE_PASSWORD]: () => jsonResponse({ success: true, message: API_MESSAGES.PASSWORD_UPDATED }),
    });
    await submit(NEW_PASSWORD, NEW_PASSWORD, userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    expect(await screen.findByText(API_MESSAGES.PASSWORD_UPDATED)).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, API_PATHS.UPDATE_PASSWORD);
    expect(request?.init.method).toBe('POST');
    expect(JSON.parse(String(request?.init.body))).toEqual({ token: 'tok123', password: NEW_PASSWORD });

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.PASSWORD_RESET_REDIRECT_MS - 100));
    expect(screen.queryByRole('heading', { name: 'Auth stand-in' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('heading', { name: 'Auth stand-in' })).toBeInTheDocument();
  });

  it("shows the server's refusal after a cross mark", async () => {
    renderReset({
      [API_PATHS.UPDATE_PASSWORD]: () => jsonResponse({ success: false, message: API_MESSAGES.TOKEN_INVALID }, 400),
    });
    await submit(NEW_PASSWORD, NEW_PASSWORD);
    expect(
      await screen.findByText(paragraphWithText(`${CROSS_MARK} ${API_MESSAGES.TOKEN_INVALID}`)),
    ).toBeInTheDocument();
  });

  it('shows "Something went wrong. Please try again." with a cross mark on a network error', async () => {
    renderReset({ [API_PATHS.UPDATE_PASSWORD]: networkFailure });
    await submit(NEW_PASSWORD, NEW_PASSWORD);
    expect(
      await screen.findByText(paragraphWithText(`${CROSS_MARK} ${SPEC_MESSAGES.PASSWORD_UPDATE_NETWORK_ERROR}`)),
    ).toBeInTheDocument();
  });

  it('asks about the link first and, when it was used, says so and offers a new one instead of the form', async () => {
    const fetchMock = renderReset({
      [RESET_LINK_PATH]: linkIs('used'),
      [API_PATHS.RESET_REQUEST]: () => jsonResponse({ success: true, message: API_MESSAGES.RESET_REQUESTED }),
    });
    expect(await screen.findByRole('heading', { name: RESET_LINK_TEXTS.used })).toBeInTheDocument();
    expect(requestsTo(fetchMock, RESET_LINK_PATH)[0]?.url).toContain('token=tok123');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@example.ng');
    await userEvent.click(screen.getByRole('button', { name: RESET_LINK_TEXTS.send }));
    expect(await screen.findByText(API_MESSAGES.RESET_REQUESTED)).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, API_PATHS.RESET_REQUEST);
    expect(JSON.parse(String(request?.init.body))).toEqual({ email: 'ada@example.ng' });
  });

  it('says an expired link has expired', async () => {
    renderReset({ [RESET_LINK_PATH]: linkIs('expired') });
    expect(await screen.findByRole('heading', { name: RESET_LINK_TEXTS.expired })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: RESET_LINK_TEXTS.send })).toBeInTheDocument();
  });

  it('turns to the same offer when the link was spent while the form was open', async () => {
    renderReset({
      [API_PATHS.UPDATE_PASSWORD]: () => jsonResponse({ success: false, message: RESET_LINK_TEXTS.used }, 400),
    });
    await submit(NEW_PASSWORD, NEW_PASSWORD);
    expect(await screen.findByRole('heading', { name: RESET_LINK_TEXTS.used })).toBeInTheDocument();
  });

  it('shows the form when the link cannot be checked, whose answer then says what is wrong', async () => {
    renderReset({ [RESET_LINK_PATH]: networkFailure });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
