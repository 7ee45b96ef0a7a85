import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNOOZE_COPY, SNOOZE_MESSAGES, snoozePathOf, type SnoozeState } from '@agency/shared';
import { formatLagosDate } from '@/lib/format-date';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { SnoozeControl } from './snooze-control';

const PATH = snoozePathOf('contact', 7);
const NONE: SnoozeState = { snoozedUntil: null, snoozedUntilReply: false };

beforeEach(() => {
  // Tuesday 1 December 2026, 10:00 in Lagos: only Date is faked, so user events keep their own timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:00:00.000Z'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A server that keeps the snooze as the real one does, or refuses every PUT with a field error. */
function stubSnooze(options: { refuse?: string } = {}) {
  let state = NONE;
  return stubApi({
    [PATH]: ({ init }) => {
      if (init.method === 'PUT') {
        if (options.refuse)
          return jsonResponse({ success: false, message: 'invalid', errors: { until: options.refuse } }, 400);
        const body = JSON.parse(String(init.body)) as { until?: string; untilReply?: true };
        state = body.untilReply
          ? { snoozedUntil: null, snoozedUntilReply: true }
          : { snoozedUntil: new Date(body.until ?? '').toISOString(), snoozedUntilReply: false };
      } else if (init.method === 'DELETE') {
        state = NONE;
      }
      return jsonResponse({ success: true, snooze: state });
    },
  });
}

/** The control as the enquiry view mounts it, with the snooze the enquiry came with. */
function renderControl(snooze: SnoozeState = NONE) {
  return render(
    <StaffQueryProvider onSessionEnded={() => undefined}>
      <SnoozeControl kind="contact" id={7} snooze={snooze} />
    </StaffQueryProvider>,
  );
}

const sentBodies = (fetchMock: ReturnType<typeof stubApi>) =>
  requestsTo(fetchMock, PATH)
    .filter((sent) => sent.init.method === 'PUT' || sent.init.method === 'DELETE')
    .map((sent) => (sent.init.method === 'DELETE' ? 'DELETE' : (JSON.parse(String(sent.init.body)) as unknown)));

describe('SnoozeControl', () => {
  it('snoozes until tomorrow or next Monday at 09:00 Lagos time and says until when', async () => {
    const fetchMock = stubSnooze();
    renderControl();
    expect(await screen.findByRole('heading', { name: SNOOZE_COPY.HEADING })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(SNOOZE_COPY.NONE);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: SNOOZE_COPY.TOMORROW }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        SNOOZE_COPY.UNTIL(formatLagosDate('2026-12-02T08:00:00.000Z')),
      ),
    );
    await user.click(screen.getByRole('button', { name: SNOOZE_COPY.NEXT_MONDAY }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        SNOOZE_COPY.UNTIL(formatLagosDate('2026-12-07T08:00:00.000Z')),
      ),
    );
    expect(sentBodies(fetchMock)).toEqual([
      { until: '2026-12-02T09:00:00+01:00' },
      { until: '2026-12-07T09:00:00+01:00' },
    ]);
    // The state came with the enquiry: nothing is read to show it.
    expect(requestsTo(fetchMock, PATH).filter((sent) => (sent.init.method ?? 'GET') === 'GET')).toEqual([]);
  });

  it('is used from the keyboard: until they reply, then cleared', async () => {
    const fetchMock = stubSnooze();
    renderControl();
    await screen.findByRole('heading', { name: SNOOZE_COPY.HEADING });
    expect(screen.queryByRole('button', { name: SNOOZE_COPY.CLEAR })).toBeNull();
    const user = userEvent.setup();
    const untilReply = screen.getByRole('button', { name: SNOOZE_COPY.UNTIL_THEY_REPLY });
    while (document.activeElement !== untilReply) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SNOOZE_COPY.UNTIL_REPLY));
    expect(untilReply.getAttribute('aria-pressed')).toBe('true');

    const clear = screen.getByRole('button', { name: SNOOZE_COPY.CLEAR });
    while (document.activeElement !== clear) await user.tab();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(SNOOZE_COPY.NONE));
    expect(sentBodies(fetchMock)).toEqual([{ untilReply: true }, 'DELETE']);
  });

  it('snoozes until a date and time of Lagos from the labelled fields, and shows a refusal', async () => {
    const fetchMock = stubSnooze();
    const view = renderControl();
    await screen.findByRole('heading', { name: SNOOZE_COPY.HEADING });
    const user = userEvent.setup();
    const day = screen.getByLabelText(SNOOZE_COPY.DATE);
    expect(day.getAttribute('min')).toBe('2026-12-01');
    expect(day.getAttribute('max')).toBe('2027-11-30');
    await user.type(day, '2026-12-10');
    const time = screen.getByLabelText(SNOOZE_COPY.TIME);
    await user.clear(time);
    await user.type(time, '14:30');
    await user.click(screen.getByRole('button', { name: SNOOZE_COPY.PICKED }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        SNOOZE_COPY.UNTIL(formatLagosDate('2026-12-10T13:30:00.000Z')),
      ),
    );
    expect(sentBodies(fetchMock)).toEqual([{ until: '2026-12-10T14:30:00+01:00' }]);
    view.unmount();
    vi.unstubAllGlobals();

    stubSnooze({ refuse: SNOOZE_MESSAGES.IN_THE_PAST });
    renderControl();
    await screen.findByRole('heading', { name: SNOOZE_COPY.HEADING });
    await user.click(screen.getByRole('button', { name: SNOOZE_COPY.TOMORROW }));
    expect((await screen.findByRole('alert')).textContent).toBe(SNOOZE_MESSAGES.IN_THE_PAST);
    expect(screen.getByRole('status').textContent).toBe(SNOOZE_COPY.NONE);
  });
});
