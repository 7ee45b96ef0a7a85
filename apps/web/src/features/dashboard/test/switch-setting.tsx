import type { ComponentType } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, networkFailure, requestsTo, stubApi } from '@/test/stub-api';

export interface SwitchSetting {
  Setting: ComponentType;
  /** GET reads the setting, PUT `{ enabled }` saves it. */
  path: string;
  copy: { HEADING: string; SWITCH: string; ON: string; OFF: string };
  /** Ends the first test's name: "shows the person <what is on>, ...". */
  whatIsOn: string;
}

/**
 * The tests of a person's own on/off setting (the daily digest, the assignment mail): a self-contained labelled switch
 * that reads its state once, saves each change and says what it now does.
 */
export function describeSwitchSetting({ Setting, path, copy, whatIsOn }: SwitchSetting): void {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderSetting() {
    return render(
      <StaffQueryProvider onSessionEnded={() => undefined}>
        <Setting />
      </StaffQueryProvider>,
    );
  }

  describe(Setting.name, () => {
    it(`shows the person ${whatIsOn}, and turns it off and on again with the labelled switch`, async () => {
      const fetchMock = stubApi({
        [path]: ({ init }) =>
          init.method === 'PUT'
            ? jsonResponse({ success: true, enabled: (JSON.parse(String(init.body)) as { enabled: boolean }).enabled })
            : jsonResponse({ success: true, enabled: true }),
      });
      renderSetting();
      const toggle = await screen.findByRole('switch', { name: copy.SWITCH });
      expect(toggle).toHaveProperty('checked', true);
      expect(screen.getByRole('heading', { name: copy.HEADING })).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe(copy.ON);

      const user = userEvent.setup();
      await user.click(toggle);
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(copy.OFF));
      expect(screen.getByRole('switch', { name: copy.SWITCH })).toHaveProperty('checked', false);
      await user.click(screen.getByText(copy.SWITCH));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(copy.ON));

      const puts = requestsTo(fetchMock, path).filter((sent) => sent.init.method === 'PUT');
      expect(puts.map((sent) => JSON.parse(String(sent.init.body)) as unknown)).toEqual([
        { enabled: false },
        { enabled: true },
      ]);
      // The answers are used as they come: the setting is read once.
      expect(requestsTo(fetchMock, path).filter((sent) => (sent.init.method ?? 'GET') === 'GET')).toHaveLength(1);
    });

    it('says so when the change could not be saved, and keeps the switch as it was', async () => {
      stubApi({
        [path]: ({ init }) =>
          init.method === 'PUT' ? networkFailure() : jsonResponse({ success: true, enabled: false }),
      });
      renderSetting();
      const toggle = await screen.findByRole('switch', { name: copy.SWITCH });
      expect(toggle).toHaveProperty('checked', false);
      await userEvent.setup().click(toggle);
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe('The setting could not be saved. Please try again.'),
      );
      expect(screen.getByRole('switch', { name: copy.SWITCH })).toHaveProperty('checked', false);
    });
  });
}
