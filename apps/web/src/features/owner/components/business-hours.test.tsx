import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, DEFAULT_BUSINESS_CALENDAR, type BusinessCalendarAnswer } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { BusinessHours } from './business-hours';

const ANSWER: BusinessCalendarAnswer = {
  success: true,
  calendar: DEFAULT_BUSINESS_CALENDAR,
  from: '2026-11-26',
  holidays: [
    { date: '2026-12-25', name: 'Christmas Day', origin: 'public-holiday' },
    { date: '2026-12-26', name: 'Boxing Day', origin: 'public-holiday' },
  ],
  openAfterAll: [],
  publicHolidays: [
    { date: '2026-12-25', name: 'Christmas Day', origin: 'public-holiday' },
    { date: '2026-12-26', name: 'Boxing Day', origin: 'public-holiday' },
  ],
};

function renderPage(save: (body: unknown) => Response = (body) => jsonResponse({ ...ANSWER, calendar: body })) {
  const fetchMock = stubApi({
    [API_PATHS.BUSINESS_CALENDAR]: ({ init }) =>
      init.method === 'PUT' ? save(JSON.parse(String(init.body))) : jsonResponse(ANSWER),
  });
  render(
    <StaffQueryProvider onSessionEnded={vi.fn()}>
      <BusinessHours />
    </StaffQueryProvider>,
  );
  return fetchMock;
}

const putsOf = (fetchMock: ReturnType<typeof stubApi>) =>
  requestsTo(fetchMock, API_PATHS.BUSINESS_CALENDAR)
    .filter(({ init }) => init.method === 'PUT')
    .map(({ init }) => JSON.parse(String(init.body)) as unknown);

describe('the Business hours page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens Saturday, adds a closed day, opens on a holiday, and saves the whole calendar', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const saturday = await screen.findByRole('group', { name: 'Saturday' });
    await user.click(within(saturday).getByRole('radio', { name: 'Open' }));
    const opens = screen.getByLabelText('Opens (Saturday)');
    await user.clear(opens);
    await user.type(opens, '10:00');
    const closes = screen.getByLabelText('Closes (Saturday)');
    await user.clear(closes);
    await user.type(closes, '14:00');
    await user.type(screen.getByLabelText('Closed day'), '2026-12-24');
    await user.type(screen.getByLabelText('What it is (optional)'), 'Christmas Eve');
    await user.click(screen.getByRole('button', { name: 'Add closed day' }));
    expect(screen.getByRole('status')).toHaveTextContent('Thursday 24 December 2026 added as a closed day.');
    await user.click(screen.getByRole('button', { name: 'Open on Boxing Day, Saturday 26 December 2026' }));
    expect(screen.getByRole('button', { name: 'Close again on Boxing Day, Saturday 26 December 2026' })).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Save business hours' })[0]!);
    expect(await screen.findByText('The business hours are saved.')).toBeInTheDocument();
    expect(putsOf(fetchMock)).toEqual([
      {
        hours: { ...DEFAULT_BUSINESS_CALENDAR.hours, saturday: [{ start: '10:00', end: '14:00' }] },
        addedDays: [{ date: '2026-12-24', name: 'Christmas Eve' }],
        removedDays: ['2026-12-26'],
      },
    ]);
  });

  it('names the weekday of a period that closes before it opens, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    const closes = await screen.findByLabelText('Closes (Monday)');
    await user.clear(closes);
    await user.type(closes, '08:00');
    await user.click(screen.getAllByRole('button', { name: 'Save business hours' })[0]!);
    const message = 'Monday, period 1: the opening time (09:00) must be before the closing time (08:00).';
    expect(screen.getByRole('status')).toHaveTextContent(message);
    expect(within(screen.getByRole('group', { name: 'Monday' })).getByText(message)).toBeInTheDocument();
    expect(putsOf(fetchMock)).toEqual([]);
  });

  it('shows the server’s message when it refuses the calendar', async () => {
    const user = userEvent.setup();
    renderPage(() =>
      jsonResponse(
        { success: false, message: 'Invalid input', errors: { addedDays: '2026-12-24 is closed twice.' } },
        400,
      ),
    );
    await user.click((await screen.findAllByRole('button', { name: 'Save business hours' }))[0]!);
    expect(await screen.findByText('2026-12-24 is closed twice.')).toBeInTheDocument();
  });
});
