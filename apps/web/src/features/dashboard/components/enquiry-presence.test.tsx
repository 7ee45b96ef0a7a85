import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_TIMES, presencePath } from '@agency/shared';
import { StaffQueryProvider } from '@/lib/staff-query';
import { jsonResponse, requestsTo, stubApi } from '@/test/stub-api';
import { EnquiryPresence } from './enquiry-presence';

const PATH = presencePath('contact', 7);
let hidden = false;

beforeEach(() => {
  hidden = false;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPresence(writing: boolean) {
  return (
    <StaffQueryProvider onSessionEnded={() => undefined}>
      <EnquiryPresence kind="contact" id={7} writing={writing} />
    </StaffQueryProvider>
  );
}

const beats = (fetchMock: Parameters<typeof requestsTo>[0]) =>
  requestsTo(fetchMock, PATH)
    .filter((sent) => sent.init.method === 'POST')
    .map((sent) => (JSON.parse(String(sent.init.body)) as { activity: string }).activity);

describe('EnquiryPresence', () => {
  it('says who else is there in a status line, beats every 15 s while shown, pauses while hidden, and leaves', async () => {
    const fetchMock = stubApi({
      [PATH]: () => jsonResponse({ success: true, present: [{ userId: 2, name: 'Chidi', activity: 'viewing' }] }),
    });
    const view = render(renderPresence(false));
    expect((await screen.findByRole('status')).textContent).toBe('Chidi is viewing');
    expect(beats(fetchMock)).toEqual(['viewing']);

    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_TIMES.HEARTBEAT_MS));
    expect(beats(fetchMock)).toEqual(['viewing', 'viewing']);

    // Text in the reply box: at once, not at the next beat.
    view.rerender(renderPresence(true));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(beats(fetchMock)).toEqual(['viewing', 'viewing', 'replying']);

    // A hidden tab sends nothing, however long; shown again, it beats at once.
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    const asked = requestsTo(fetchMock, PATH).length;
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_TIMES.EXPIRES_MS * 3));
    expect(requestsTo(fetchMock, PATH)).toHaveLength(asked);
    hidden = false;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(beats(fetchMock).at(-1)).toBe('replying');
    expect(beats(fetchMock)).toHaveLength(4);

    view.unmount();
    expect(requestsTo(fetchMock, PATH).at(-1)?.init.method).toBe('DELETE');
  });

  it('keeps an empty status line when nobody else is there', async () => {
    stubApi({ [PATH]: () => jsonResponse({ success: true, present: [] }) });
    render(renderPresence(false));
    const line = await screen.findByRole('status');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(line.textContent).toBe('');
  });
});
