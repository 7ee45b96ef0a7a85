import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESPONSE_TIMES_MESSAGES, RESPONSE_TIMES_PATHS, type ResponseTargetsAnswer } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { ResponseTargets } from './response-targets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ANSWER: ResponseTargetsAnswer = {
  success: true,
  targets: [
    { kind: 'web_dev', minutes: 240, defaultMinutes: 240, updatedAt: null },
    { kind: 'creative_design', minutes: 240, defaultMinutes: 240, updatedAt: null },
    { kind: 'contact', minutes: 60, defaultMinutes: 60, updatedAt: null },
    { kind: 'request_quote', minutes: 60, defaultMinutes: 60, updatedAt: null },
  ],
};

describe('ResponseTargets', () => {
  it('refuses a target outside 15..2400 whole minutes under its field, then saves the targets', async () => {
    const fetchMock = stubApi({
      [RESPONSE_TIMES_PATHS.TARGETS]: ({ init }) => {
        if (init.method !== 'PUT') return jsonResponse(ANSWER);
        const body = JSON.parse(String(init.body)) as { targets: Record<string, number> };
        return jsonResponse({
          ...ANSWER,
          targets: ANSWER.targets.map((target) => ({
            ...target,
            minutes: body.targets[target.kind] ?? target.minutes,
          })),
        });
      },
    });
    render(
      <StaffQueryProvider onSessionEnded={vi.fn()}>
        <ResponseTargets />
      </StaffQueryProvider>,
    );
    const user = userEvent.setup();
    const contact = await screen.findByRole('textbox', { name: /^Contact \(business minutes\)/ });
    expect(contact).toHaveProperty('value', '60');
    expect(contact.getAttribute('aria-describedby')).toBeTruthy();
    await user.clear(contact);
    await user.type(contact, '10');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(contact.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(RESPONSE_TIMES_MESSAGES.TARGET);
    const puts = () => requestsTo(fetchMock, RESPONSE_TIMES_PATHS.TARGETS).filter(({ init }) => init.method === 'PUT');
    expect(puts()).toHaveLength(0);

    await user.clear(contact);
    await user.type(contact, '90');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The first-response targets are saved.'));
    expect(JSON.parse(String(puts()[0]?.init.body))).toEqual({
      targets: { web_dev: 240, creative_design: 240, contact: 90, request_quote: 60 },
    });
    expect(contact.getAttribute('aria-invalid')).toBeNull();
  });
});
