import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useSearchParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES, API_PATHS, CROSS_MARK, SPEC_MESSAGES, TIMINGS } from '@agency/shared';
import { forgetConfirmations } from '../api/confirm-email';
import { jsonResponse, networkFailure, paragraphWithText, requestsTo, stubApi } from '@/test/stub-api';
import { ConfirmEmailStatus } from './confirm-email-status';

function ConfirmRoute() {
  const [searchParams] = useSearchParams();
  return <ConfirmEmailStatus token={searchParams.get('token')} />;
}

function renderConfirm(url: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/confirm-email" element={<ConfirmRoute />} />
          <Route path="/auth" element={<h1>Auth stand-in</h1>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('the e-mail confirmation page', () => {
  beforeEach(() => {
    forgetConfirmations();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows "Validating your email…" while the server checks the token', () => {
    stubApi({ [API_PATHS.CONFIRM_EMAIL]: () => new Promise<Response>(() => undefined) });
    renderConfirm('/confirm-email?token=abc');
    expect(screen.getByText(SPEC_MESSAGES.CONFIRM_VALIDATING)).toBeInTheDocument();
  });

  it('sends the token once, even under StrictMode, then redirects to /auth after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({
      [API_PATHS.CONFIRM_EMAIL]: () => jsonResponse({ success: true, message: API_MESSAGES.EMAIL_CONFIRMED }),
    });
    renderConfirm('/confirm-email?token=abc%2B1');
    expect(await screen.findByText(API_MESSAGES.EMAIL_CONFIRMED)).toBeInTheDocument();
    expect(screen.getByText(SPEC_MESSAGES.CONFIRM_REDIRECTING)).toBeInTheDocument();

    const requests = requestsTo(fetchMock, API_PATHS.CONFIRM_EMAIL);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${API_PATHS.CONFIRM_EMAIL}?token=abc%2B1`);
    expect(requests[0]?.init.credentials).toBe('include');

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.CONFIRM_EMAIL_REDIRECT_MS - 100));
    expect(screen.queryByRole('heading', { name: 'Auth stand-in' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('heading', { name: 'Auth stand-in' })).toBeInTheDocument();
  });

  it("shows the server's refusal after a cross mark and stays on the page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      [API_PATHS.CONFIRM_EMAIL]: () => jsonResponse({ success: false, message: API_MESSAGES.TOKEN_INVALID }, 400),
    });
    renderConfirm('/confirm-email?token=used');
    expect(
      await screen.findByText(paragraphWithText(`${CROSS_MARK} ${API_MESSAGES.TOKEN_INVALID}`)),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.CONFIRM_EMAIL_REDIRECT_MS * 2));
    expect(screen.queryByRole('heading', { name: 'Auth stand-in' })).not.toBeInTheDocument();
    expect(screen.queryByText(SPEC_MESSAGES.CONFIRM_REDIRECTING)).not.toBeInTheDocument();
  });

  it('says the token is missing, with a cross mark, without calling the server', async () => {
    const fetchMock = stubApi({});
    renderConfirm('/confirm-email');
    expect(
      await screen.findByText(paragraphWithText(`${CROSS_MARK} ${SPEC_MESSAGES.CONFIRM_TOKEN_MISSING}`)),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the network message with a cross mark when the server cannot be reached', async () => {
    stubApi({ [API_PATHS.CONFIRM_EMAIL]: networkFailure });
    renderConfirm('/confirm-email?token=abc');
    expect(
      await screen.findByText(paragraphWithText(`${CROSS_MARK} ${SPEC_MESSAGES.CONFIRM_NETWORK_ERROR}`)),
    ).toBeInTheDocument();
  });
});
