import { useEffect, useEffectEvent } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart'] as const;

/** Calls onIdle once after `timeoutMs` without mouse move, mouse down, key press or touch (spec 4). */
export function useInactivityTimer(timeoutMs: number, onIdle: () => void): void {
  const handleIdle = useEffectEvent(onIdle);

  useEffect(() => {
    let timer = setTimeout(() => handleIdle(), timeoutMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => handleIdle(), timeoutMs);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, restart, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, restart);
    };
  }, [timeoutMs]);
}
