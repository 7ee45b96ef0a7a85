import { useEffect, useRef, useState } from 'react';

/**
 * Loads a heavy module (a carousel library) only once its container comes near the viewport, after the first
 * paint. Until then, and without JavaScript, the caller renders a static version of the same content.
 */
export function useDeferredModule<M>(load: () => Promise<M>, rootMargin = '400px') {
  const ref = useRef<HTMLDivElement>(null);
  const [module, setModule] = useState<M | null>(null);
  const loadRef = useRef(load);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let cancelled = false;
    const start = () => {
      void loadRef.current().then((loaded) => {
        if (!cancelled) setModule(loaded);
      });
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [rootMargin]);

  return { ref, module };
}
