import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORTS_PATH, reportCsvPath, type ReportAnswer, type ResponseFigures } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { Reports } from './reports';

const NONE: ResponseFigures = {
  answered: 0,
  medianMs: null,
  p90Ms: null,
  withinTarget: 0,
  withTarget: 0,
  shareWithinTarget: null,
};
const figures = (answered: number, medianMin: number, p90Min: number, within: number, withTarget: number) => ({
  answered,
  medianMs: medianMin * 60_000,
  p90Ms: p90Min * 60_000,
  withinTarget: within,
  withTarget,
  shareWithinTarget: within / withTarget,
});

function answerOf(from: string, to: string): ReportAnswer {
  return {
    success: true,
    from,
    to,
    scope: 'everyone',
    responseTimes: {
      overall: figures(10, 42, 185, 8, 10),
      byKind: [
        { kind: 'contact', ...figures(6, 30, 95, 5, 6) },
        { kind: 'request_quote', ...figures(4, 65, 185, 3, 4) },
        { kind: 'web_dev', ...NONE },
        { kind: 'creative_design', ...NONE },
      ],
      byPerson: [
        { userId: 2, name: 'ada', ...figures(7, 35, 120, 6, 7) },
        { userId: 3, name: 'bola', ...figures(3, 80, 185, 2, 3) },
      ],
      byChannel: [
        { channel: 'email', ...figures(5, 42, 95, 4, 5) },
        { channel: 'whatsapp', ...figures(4, 20, 60, 4, 4) },
        { channel: 'call', ...figures(1, 185, 185, 0, 1) },
      ],
      byWeek: [{ week: from, ...figures(10, 42, 185, 8, 10) }],
    },
    weeks: [{ week: from, received: 16, spam: 2, trash: 1, answered: 10, unanswered: 2, overdue: 1, notRecorded: 1 }],
    funnel: {
      byKind: [
        { kind: 'contact', received: 8, contacted: 7, won: 2 },
        { kind: 'request_quote', received: 5, contacted: 4, won: 1 },
        { kind: 'web_dev', received: 0, contacted: 0, won: 0 },
        { kind: 'creative_design', received: 0, contacted: 0, won: 0 },
      ],
      bySource: [
        { source: 'google.com', received: 9, contacted: 8, won: 2 },
        { source: 'instagram.com', received: 4, contacted: 3, won: 1 },
      ],
    },
  };
}

function renderPage(scope: ReportAnswer['scope'] = 'everyone') {
  const fetchMock = stubApi({
    [REPORTS_PATH]: ({ url }) => {
      const query = new URL(url, 'http://app.test').searchParams;
      return jsonResponse({
        ...answerOf(query.get('from') ?? '2026-11-16', query.get('to') ?? '2026-11-22'),
        scope,
      });
    },
  });
  render(
    <StaffQueryProvider onSessionEnded={vi.fn()}>
      <Reports />
    </StaffQueryProvider>,
  );
  return fetchMock;
}

describe('the reports page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the current week's figures at a glance, each chart's rows in words and its table", async () => {
    renderPage();
    expect(await screen.findByText('16 Nov – 22 Nov 2026')).toBeInTheDocument();
    const glance = screen.getByRole('region', { name: 'At a glance' });
    expect(within(glance).getByText('Median first answer').nextSibling).toHaveTextContent('42 min');
    expect(within(glance).getByText('9 in 10 answered within').nextSibling).toHaveTextContent('3 h 05 min');
    expect(within(glance).getByText('Answered within target').nextSibling).toHaveTextContent('80 %');
    expect(within(glance).getByText('Won or enrolled').nextSibling).toHaveTextContent('3');

    const byPerson = screen.getByRole('region', { name: 'How fast, by person' });
    const table = within(byPerson).getByRole('table', { name: 'First-response time by person', hidden: true });
    const bola = within(table).getByRole('row', { name: /bola/, hidden: true });
    expect(
      within(bola)
        .getAllByRole('cell', { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1 h 20 min', '3 h 05 min', '67 % (2 of 3)']);

    const byChannel = screen.getByRole('region', { name: 'How fast, by channel' });
    expect(within(byChannel).getByText('WhatsApp', { selector: '.bar-chart__label' })).toBeInTheDocument();
    const enquiries = screen.getByRole('region', { name: 'What became of the enquiries' });
    expect(within(enquiries).getByText('Unanswered (1 overdue)')).toBeInTheDocument();
    expect(within(enquiries).getByText('Spam', { selector: '.bar-chart__label' })).toBeInTheDocument();
  });

  it('links a CSV per report for the week shown', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Download response times (CSV)' });
    expect(link).toHaveAttribute('href', `${reportCsvPath('response-times')}?from=2026-11-16&to=2026-11-22`);
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download enquiries per week (CSV)' })).toHaveAttribute(
      'href',
      `${reportCsvPath('enquiries')}?from=2026-11-16&to=2026-11-22`,
    );
    expect(screen.getByRole('link', { name: 'Download the funnel (CSV)' })).toHaveAttribute(
      'href',
      `${reportCsvPath('funnel')}?from=2026-11-16&to=2026-11-22`,
    );
  });

  it('moves to the previous week and back', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    await screen.findByText('16 Nov – 22 Nov 2026');
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('9 Nov – 15 Nov 2026')).toBeInTheDocument();
    expect(requestsTo(fetchMock, REPORTS_PATH).at(-1)?.url).toBe(`${REPORTS_PATH}?from=2026-11-09&to=2026-11-15`);
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('16 Nov – 22 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the funnel (CSV)' })).toHaveAttribute(
      'href',
      `${reportCsvPath('funnel')}?from=2026-11-16&to=2026-11-22`,
    );
  });

  it('tells a staff member that the figures are their own', async () => {
    renderPage('own');
    expect(
      await screen.findByText(': your own figures (answered by you, assigned to you)', { exact: false }),
    ).toBeInTheDocument();
  });
});
