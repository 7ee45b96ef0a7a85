import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popInClassName, usePopIn } from './use-pop-in';

/** A stand-in for the browser's IntersectionObserver (jsdom has none) that lets the test decide what is visible. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe() {}
  disconnect() {}
  reveal(isIntersecting: boolean) {
    act(() => {
      this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    });
  }
}

function Blurb() {
  const [ref, state] = usePopIn<HTMLDivElement>();
  return (
    <div ref={ref} className={popInClassName(state)} data-testid="blurb">
      We can help you bring your vision to life.
    </div>
  );
}

const placeBlurbAt = (top: number) =>
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  placeBlurbAt(window.innerHeight + 400);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the about blurb pop-in', () => {
  it('waits hidden until 20 % of the blurb is visible, then pops in', () => {
    render(<Blurb />);
    const blurb = screen.getByTestId('blurb');
    const observer = FakeIntersectionObserver.instances[0]!;
    expect(observer.options.threshold).toBe(0.2);
    expect(blurb).toHaveClass('pop-in--waiting');
    observer.reveal(false);
    expect(blurb).toHaveClass('pop-in--waiting');
    observer.reveal(true);
    expect(blurb).toHaveClass('pop-in--shown');
  });

  it('stays still and visible for visitors who prefer reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(<Blurb />);
    expect(screen.getByTestId('blurb')).toHaveClass('pop-in--static');
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });

  it('does not hide a blurb that is already on screen when the page loads', () => {
    placeBlurbAt(100);
    render(<Blurb />);
    expect(screen.getByTestId('blurb')).toHaveClass('pop-in--static');
  });
});
