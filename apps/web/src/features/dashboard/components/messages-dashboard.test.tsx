import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_PATHS,
  MESSAGE_KIND_PATHS,
  SPEC_MESSAGES,
  TIMINGS,
  type ContactMessageRow,
  type RequestQuoteMessage,
  type WebDevMessage,
} from '@agency/shared';
import { jsonResponse, networkFailure, requestsTo, stubApi } from '@/test/stub-api';
import { MessagesDashboard } from './messages-dashboard';

const USER = { username: 'ada', email: 'ada@example.ng', avatarUrl: '/api/uploads/profile_images/ada.webp' };

const WEB_DEV_ROW: WebDevMessage = {
  id: 7,
  firstname: 'Ada',
  surname: 'Obi',
  email: 'ada.obi@example.ng',
  phone: '08012345678',
  schedule: 'Weekend',
  trainingType: 'Web Development',
  occupation: 'Student',
  state: 'Lagos',
  referral: 'Friend/Family',
  // 23:30 UTC is 00:30 the next day in Lagos (UTC+1).
  created_at: '2026-11-21T23:30:00.000Z',
};

const CONTACT_ROW: ContactMessageRow = {
  id: 3,
  name: 'Tunde Bakare',
  email: 'tunde@example.ng',
  phone: '+234 803 000 0000',
  message: '<b>bold</b><img src=x onerror=alert(1)>',
  created_at: '2026-11-20T09:15:00.000Z',
};

const QUOTE_ROW: RequestQuoteMessage = {
  id: 4,
  name: 'Chioma Eze',
  email: 'chioma@example.ng',
  phone: '08099999999',
  location: 'Enugu',
  project_description: 'A shop for our fabrics',
  services: ['Web development', 'SEO'],
  created_at: '2026-11-19T12:00:00.000Z',
};

const listOf = (messages: unknown[]) => () => jsonResponse({ success: true, messages });

function stubLists(
  overrides: Partial<Record<keyof typeof MESSAGE_KIND_PATHS, () => Response | Promise<Response>>> = {},
  failedMails: unknown[] = [],
) {
  const lists = {
    web_dev: listOf([WEB_DEV_ROW]),
    creative_design: listOf([]),
    contact: listOf([CONTACT_ROW]),
    request_quote: listOf([QUOTE_ROW]),
    ...overrides,
  };
  return stubApi({
    [MESSAGE_KIND_PATHS.web_dev.list]: lists.web_dev,
    [MESSAGE_KIND_PATHS.creative_design.list]: lists.creative_design,
    [MESSAGE_KIND_PATHS.contact.list]: lists.contact,
    [MESSAGE_KIND_PATHS.request_quote.list]: lists.request_quote,
    [MESSAGE_KIND_PATHS.web_dev.delete]: () => jsonResponse({ success: true }),
    [API_PATHS.FAILED_MAILS]: () => jsonResponse({ success: true, mails: failedMails }),
  });
}

function renderDashboard() {
  const onLogout = vi.fn();
  const onSessionEnded = vi.fn();
  render(<MessagesDashboard user={USER} onLogout={onLogout} onSessionEnded={onSessionEnded} />);
  return { onLogout, onSessionEnded };
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the messages dashboard', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('greets the user with their avatar and offers Logout', async () => {
    stubLists();
    const { onLogout } = renderDashboard();
    expect(screen.getByText(/welcome/i)).toHaveTextContent('Welcome, ada');
    expect(screen.getByRole('img', { name: 'Profile picture of ada' })).toHaveAttribute('src', USER.avatarUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows four tabs with Web Development selected, and its rows with readable headings', async () => {
    const fetchMock = stubLists();
    renderDashboard();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Web Development',
      'Creative Design',
      'Contact',
      'Request Quote',
    ]);
    expect(tab('Web Development')).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'First name',
      'Surname',
      'E-mail',
      'Phone',
      'Schedule',
      'Training type',
      'Occupation',
      'State',
      'Referral',
      'Received',
      'Actions',
    ]);
    expect(within(table).getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Friend/Family' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, MESSAGE_KIND_PATHS.web_dev.list)[0]?.init.credentials).toBe('include');
  });

  it('shows dates in Lagos time', async () => {
    stubLists();
    renderDashboard();
    const received = await screen.findByText((_, element) => element?.tagName === 'TIME');
    expect(received).toHaveAttribute('dateTime', WEB_DEV_ROW.created_at);
    expect(received.textContent).toMatch(/22 Nov 2026/);
    expect(received.textContent).toMatch(/00:30|12:30\s?am/i);
  });

  it('shows the spinner with "Loading messages..." until the list arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubLists({ web_dev: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent(SPEC_MESSAGES.LOADING_MESSAGES);
    answer(jsonResponse({ success: true, messages: [WEB_DEV_ROW] }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(SPEC_MESSAGES.LOADING_MESSAGES)).not.toBeInTheDocument();
  });

  it('says "No messages yet." for an empty kind', async () => {
    const user = userEvent.setup();
    stubLists();
    renderDashboard();
    await user.click(tab('Creative Design'));
    expect(await screen.findByText(SPEC_MESSAGES.NO_MESSAGES)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("reloads the chosen tab's messages when switching, also with the arrow keys", async () => {
    const user = userEvent.setup();
    const fetchMock = stubLists();
    renderDashboard();
    await screen.findByRole('cell', { name: 'Ada' });

    await user.click(tab('Contact'));
    expect(tab('Contact')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('cell', { name: 'Tunde Bakare' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tab('Request Quote')).toHaveFocus();
    expect(tab('Request Quote')).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('cell', { name: 'Web development, SEO' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tab('Web Development')).toHaveFocus();
    await screen.findByRole('cell', { name: 'Ada' });
    expect(requestsTo(fetchMock, MESSAGE_KIND_PATHS.web_dev.list)).toHaveLength(2);
    expect(requestsTo(fetchMock, MESSAGE_KIND_PATHS.contact.list)).toHaveLength(1);
  });

  it('shows an enquiry containing HTML as text', async () => {
    const user = userEvent.setup();
    stubLists();
    renderDashboard();
    await user.click(tab('Contact'));
    const cell = await screen.findByRole('cell', { name: CONTACT_ROW.message });
    expect(cell.textContent).toBe(CONTACT_ROW.message);
    expect(cell.querySelector('b, img')).toBeNull();
  });

  it('deletes a row after the confirmation, once the server answers', async () => {
    const user = userEvent.setup();
    const confirmSpy = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetchMock = stubLists();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete message from Ada Obi' }));
    expect(confirmSpy).toHaveBeenCalledWith(SPEC_MESSAGES.DELETE_CONFIRM);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ada' })).not.toBeInTheDocument());
    const [request] = requestsTo(fetchMock, MESSAGE_KIND_PATHS.web_dev.delete);
    expect(request?.url).toBe(`${MESSAGE_KIND_PATHS.web_dev.delete}?id=7`);
    expect(request?.init).toMatchObject({ method: 'DELETE', credentials: 'include' });
    expect(screen.getByText(SPEC_MESSAGES.NO_MESSAGES)).toBeInTheDocument();
  });

  it('keeps the row and sends nothing when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const fetchMock = stubLists();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete message from Ada Obi' }));
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, MESSAGE_KIND_PATHS.web_dev.delete)).toHaveLength(0);
  });

  it('keeps the row and only logs when the delete fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubApi({
      [MESSAGE_KIND_PATHS.web_dev.list]: listOf([WEB_DEV_ROW]),
      [MESSAGE_KIND_PATHS.web_dev.delete]: networkFailure,
    });
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete message from Ada Obi' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('keeps the row and only logs when the server refuses the delete', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubApi({
      [MESSAGE_KIND_PATHS.web_dev.list]: listOf([WEB_DEV_ROW]),
      [MESSAGE_KIND_PATHS.web_dev.delete]: () => jsonResponse({ success: false }, 404),
    });
    const { onSessionEnded } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete message from Ada Obi' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('reports an ended session and keeps the row when the delete answers 403', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubApi({
      [MESSAGE_KIND_PATHS.web_dev.list]: listOf([WEB_DEV_ROW]),
      [MESSAGE_KIND_PATHS.web_dev.delete]: () => new Response('Forbidden', { status: 403 }),
    });
    const { onSessionEnded } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Delete message from Ada Obi' }));
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
  });

  it('empties the list with a console warning when the answer is not JSON', async () => {
    stubLists({ web_dev: () => new Response('<b>Fatal error</b>', { status: 200 }) });
    const { onSessionEnded } = renderDashboard();
    expect(await screen.findByText(SPEC_MESSAGES.NO_MESSAGES)).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('empties the list with a console warning when the answer has an unexpected format', async () => {
    stubLists({ web_dev: () => jsonResponse({ success: true, rows: [WEB_DEV_ROW] }) });
    renderDashboard();
    expect(await screen.findByText(SPEC_MESSAGES.NO_MESSAGES)).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('empties the list with a console warning when the list cannot be loaded', async () => {
    stubLists({ web_dev: networkFailure });
    renderDashboard();
    expect(await screen.findByText(SPEC_MESSAGES.NO_MESSAGES)).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('reports an ended session when the server answers 401', async () => {
    stubLists({ web_dev: () => jsonResponse({ success: false, message: 'Please sign in first.' }, 401) });
    const { onSessionEnded } = renderDashboard();
    await waitFor(() => expect(onSessionEnded).toHaveBeenCalledTimes(1));
  });

  describe('inactivity', () => {
    it('alerts "Logged out due to inactivity." and logs out after 5 minutes, not before', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      stubLists();
      const { onLogout } = renderDashboard();
      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.INACTIVITY_LOGOUT_MS - 1_000));
      expect(alertSpy).not.toHaveBeenCalled();
      expect(onLogout).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(alertSpy).toHaveBeenCalledWith(SPEC_MESSAGES.INACTIVITY_LOGOUT);
      expect(onLogout).toHaveBeenCalledTimes(1);
      expect(alertSpy.mock.invocationCallOrder[0]).toBeLessThan(onLogout.mock.invocationCallOrder[0] ?? 0);
    });

    it.each([
      ['a mouse move', () => window.dispatchEvent(new MouseEvent('mousemove'))],
      ['a mouse press', () => window.dispatchEvent(new MouseEvent('mousedown'))],
      ['a key press', () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))],
      ['a touch', () => window.dispatchEvent(new Event('touchstart'))],
    ])('starts the 5 minutes again after %s', async (_activity, act_) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      stubLists();
      const { onLogout } = renderDashboard();
      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.INACTIVITY_LOGOUT_MS - 10_000));
      act_();
      await act(() => vi.advanceTimersByTimeAsync(TIMINGS.INACTIVITY_LOGOUT_MS - 10_000));
      expect(alertSpy).not.toHaveBeenCalled();
      expect(onLogout).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(onLogout).toHaveBeenCalledTimes(1);
    });
  });

  describe('undelivered mails', () => {
    it('says how many mails could not be delivered and, opened, to whom and why', async () => {
      stubLists({}, [
        {
          id: 2,
          recipient: 'inbox@agency.test',
          subject: 'New contact message from Bola Ahmed',
          attempts: 8,
          last_error: '451 Mailbox busy',
          created_at: '2026-11-20T09:15:00.000Z',
        },
      ]);
      renderDashboard();
      const summary = await screen.findByText('1 e-mail could not be delivered');
      await userEvent.click(summary);
      expect(screen.getByText('New contact message from Bola Ahmed')).toBeVisible();
      expect(screen.getByText(/to inbox@agency\.test/)).toHaveTextContent('451 Mailbox busy');
    });

    it('shows no notice while every mail was delivered', async () => {
      const fetchMock = stubLists();
      renderDashboard();
      await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.FAILED_MAILS)).toHaveLength(1));
      expect(screen.queryByText(/could not be delivered/)).not.toBeInTheDocument();
    });
  });
});
