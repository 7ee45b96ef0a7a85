import { describe, expect, it } from 'vitest';
import { businessDurationText, dueBadgeOf, responseText } from './response-text';

const NOW = new Date('2026-12-01T09:00:00+01:00');

describe('first-response words', () => {
  it('tell the answer with its channel, person and business time', () => {
    expect(
      responseText(
        {
          responseState: 'answered',
          responseDueAt: '2026-12-01T09:30:00.000Z',
          firstResponse: {
            at: '2026-12-01T08:12:00.000Z',
            channel: 'whatsapp',
            byName: 'Amaka',
            businessMs: 42 * 60_000,
          },
        },
        NOW,
      ),
    ).toBe('Answered on WhatsApp by Amaka after 42 business minutes');
    expect(businessDurationText(60 * 60_000)).toBe('1 business hour');
    expect(businessDurationText(185 * 60_000)).toBe('3 business hours 5 minutes');
    expect(businessDurationText(60_000)).toBe('1 business minute');
  });

  it('tell overdue and due soon with the Lagos time, and nothing for spam or older enquiries', () => {
    const due = '2026-12-01T09:30:00.000Z'; // 10:30 in Lagos
    expect(responseText({ responseState: 'overdue', responseDueAt: due, firstResponse: null }, NOW)).toBe(
      'Overdue: due 10:30 today',
    );
    expect(responseText({ responseState: 'due-soon', responseDueAt: due, firstResponse: null }, NOW)).toBe(
      'Due soon: 10:30',
    );
    expect(
      responseText({ responseState: 'open', responseDueAt: '2026-12-02T08:15:00.000Z', firstResponse: null }, NOW),
    ).toBe('First answer due by 09:15 tomorrow');
    expect(responseText({ responseState: 'no-target', responseDueAt: null, firstResponse: null }, NOW)).toBeNull();
    expect(responseText({ responseState: 'spam', responseDueAt: null, firstResponse: null }, NOW)).toBeNull();
    expect(dueBadgeOf({ state: 'overdue', at: due }, NOW)).toEqual({
      label: 'Overdue',
      description: 'due 10:30 today',
    });
    expect(dueBadgeOf(null, NOW)).toBeNull();
  });
});
