import { TIMINGS } from '@agency/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SuccessBanner, type SuccessNotice } from './success-banner';

function BannerDemo({ initial }: { initial: SuccessNotice }) {
  const [notice, setNotice] = useState<SuccessNotice | null>(initial);
  return (
    <>
      <SuccessBanner notice={notice} onClose={() => setNotice(null)} />
      <button type="button" onClick={() => setNotice({ message: 'Saved again!', id: (notice?.id ?? 0) + 1 })}>
        Succeed again
      </button>
    </>
  );
}

const MESSAGE = 'Saved!';
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SuccessBanner', () => {
  it('shows the message in a status region and hides it after 5 seconds', () => {
    render(<BannerDemo initial={{ message: MESSAGE, id: 1 }} />);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);
    advance(TIMINGS.FORM_SUCCESS_MESSAGE_MS - 1);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);
    advance(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps the message while the pointer rests on it and hides it when the pointer leaves', () => {
    render(<BannerDemo initial={{ message: MESSAGE, id: 1 }} />);
    fireEvent.mouseEnter(screen.getByRole('status'));
    advance(TIMINGS.FORM_SUCCESS_MESSAGE_MS + 3_000);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);
    fireEvent.mouseLeave(screen.getByRole('status'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('closes itself after 19 seconds even while the pointer rests on it', () => {
    render(<BannerDemo initial={{ message: MESSAGE, id: 1 }} />);
    fireEvent.mouseEnter(screen.getByRole('status'));
    advance(TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS - 1);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGE);
    advance(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('restarts its timers when a new success arrives', () => {
    render(<BannerDemo initial={{ message: MESSAGE, id: 1 }} />);
    advance(4_000);
    fireEvent.click(screen.getByRole('button', { name: 'Succeed again' }));
    advance(4_000);
    expect(screen.getByRole('status')).toHaveTextContent('Saved again!');
    advance(TIMINGS.FORM_SUCCESS_MESSAGE_MS - 4_000);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
