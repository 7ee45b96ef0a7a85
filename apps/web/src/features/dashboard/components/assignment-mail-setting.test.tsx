import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_MAIL_COPY, ASSIGNMENT_MAIL_PATH } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, networkFailure, requestsTo, stubApi } from '@/test/stub-api';
import { AssignmentMailSetting } from './assignment-mail-setting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSetting() {
  return render(
    <StaffQueryProvider onSessionEnded={() => undefined}>
      <AssignmentMailSetting />
    </StaffQueryProvider>,
  );
}

describe('AssignmentMailSetting', () => {
  it('shows the person their assignment mails are on, and turns it off and on again with the labelled switch', async () => {
    const fetchMock = stubApi({
      [ASSIGNMENT_MAIL_PATH]: ({ init }) =>
        init.method === 'PUT'
          ? jsonResponse({ success: true, enabled: (JSON.parse(String(init.body)) as { enabled: boolean }).enabled })
          : jsonResponse({ success: true, enabled: true }),
    });
    renderSetting();
    const toggle = await screen.findByRole('switch', { name: ASSIGNMENT_MAIL_COPY.SWITCH });
    expect(toggle).toHaveProperty('checked', true);
    expect(screen.getByRole('heading', { name: ASSIGNMENT_MAIL_COPY.HEADING })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ASSIGNMENT_MAIL_COPY.ON);

    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ASSIGNMENT_MAIL_COPY.OFF));
    expect(screen.getByRole('switch', { name: ASSIGNMENT_MAIL_COPY.SWITCH })).toHaveProperty('checked', false);
    await user.click(screen.getByText(ASSIGNMENT_MAIL_COPY.SWITCH));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(ASSIGNMENT_MAIL_COPY.ON));

    const puts = requestsTo(fetchMock, ASSIGNMENT_MAIL_PATH).filter((sent) => sent.init.method === 'PUT');
    expect(puts.map((sent) => JSON.parse(String(sent.init.body)) as unknown)).toEqual([
      { enabled: false },
      { enabled: true },
    ]);
    // The answers are used as they come: the setting is read once.
    expect(
      requestsTo(fetchMock, ASSIGNMENT_MAIL_PATH).filter((sent) => (sent.init.method ?? 'GET') === 'GET'),
    ).toHaveLength(1);
  });

  it('says so when the change could not be saved, and keeps the switch as it was', async () => {
    stubApi({
      [ASSIGNMENT_MAIL_PATH]: ({ init }) =>
        init.method === 'PUT' ? networkFailure() : jsonResponse({ success: true, enabled: false }),
    });
    renderSetting();
    const toggle = await screen.findByRole('switch', { name: ASSIGNMENT_MAIL_COPY.SWITCH });
    expect(toggle).toHaveProperty('checked', false);
    await userEvent.setup().click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('The setting could not be saved. Please try again.'),
    );
    expect(screen.getByRole('switch', { name: ASSIGNMENT_MAIL_COPY.SWITCH })).toHaveProperty('checked', false);
  });
});
