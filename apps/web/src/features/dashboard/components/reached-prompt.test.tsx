import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmedChannel } from '@agency/shared';
import { ReachedPrompt, type Tap } from './reached-prompt';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A phone (no hovering pointer) or a desktop, as matchMedia answers. */
function device(kind: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'desktop',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The page's part: a tap button, and what the prompt reported. */
function Harness({ onYes }: { onYes: (channel: ConfirmedChannel) => void }) {
  const [tap, setTap] = useState<Tap | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTap((last) => ({ channel: 'whatsapp', count: (last?.count ?? 0) + 1 }))}>
        WhatsApp
      </button>
      <ReachedPrompt
        name="Amaka Eze"
        tap={tap}
        busy={false}
        onYes={(channel) => {
          onYes(channel);
          setTap(null);
        }}
        onNotYet={() => setTap(null)}
      />
    </>
  );
}

function comeBack(visibility: 'visible' | 'hidden' = 'visible') {
  act(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: visibility });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('ReachedPrompt', () => {
  it('on a phone, asks only once the staff member comes back to the page, and Yes records WhatsApp', async () => {
    device('phone');
    const onYes = vi.fn();
    const user = userEvent.setup();
    render(<Harness onYes={onYes} />);
    await user.click(screen.getByRole('button', { name: 'WhatsApp' }));
    expect(screen.queryByRole('region', { name: 'Did you reach Amaka Eze?' })).toBeNull();
    // Leaving for WhatsApp hides the page: no question yet.
    comeBack('hidden');
    expect(screen.queryByRole('region', { name: 'Did you reach Amaka Eze?' })).toBeNull();
    comeBack('visible');
    const prompt = screen.getByRole('region', { name: 'Did you reach Amaka Eze?' });
    expect(prompt.textContent).toContain('You tapped WhatsApp');
    // The question takes the focus, and the keyboard reaches its answers from there.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Did you reach Amaka Eze?' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes, on WhatsApp' }));
    await user.keyboard('{Enter}');
    expect(onYes).toHaveBeenCalledWith('whatsapp');
    expect(screen.queryByRole('region', { name: 'Did you reach Amaka Eze?' })).toBeNull();
  });

  it('comes back on the window getting the focus too; Not yet closes it without recording anything', async () => {
    device('phone');
    const onYes = vi.fn();
    const user = userEvent.setup();
    render(<Harness onYes={onYes} />);
    await user.click(screen.getByRole('button', { name: 'WhatsApp' }));
    act(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
      window.dispatchEvent(new Event('focus'));
    });
    await user.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(onYes).not.toHaveBeenCalled();
    // Coming back again asks nothing: the tap was answered.
    comeBack('visible');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('on a desktop, asks at once (the chat opens in another window and this page stays in sight)', async () => {
    device('desktop');
    const user = userEvent.setup();
    render(<Harness onYes={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'WhatsApp' }));
    expect(screen.getByRole('region', { name: 'Did you reach Amaka Eze?' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
