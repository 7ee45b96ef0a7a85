import { SCROLL_THRESHOLDS } from '@agency/shared';
import { useEffect, useRef, useState } from 'react';

export type PopInState = 'static' | 'waiting' | 'shown';

export const popInClassName = (state: PopInState) => `pop-in pop-in--${state}`;

/**
 * The about blurb's pop-in (spec 2): the element animates in once 20 % of it is visible. It is rendered visible
 * (state "static") on the server and without JavaScript; only a script that can reveal it again hides it first.
 * Under prefers-reduced-motion, or when it is on screen from the start, it never moves.
 */
export function usePopIn<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [state, setState] = useState<PopInState>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    // Already on screen when the page loads: hiding it now would only make it flicker.
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setState('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { threshold: SCROLL_THRESHOLDS.ABOUT_POP_IN_VISIBILITY },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return [ref, state] as const;
}
