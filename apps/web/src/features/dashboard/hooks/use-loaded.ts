import { useEffect, useEffectEvent, useState } from 'react';

interface Loaded<T> {
  key: string;
  data: T | null;
  failed: boolean;
}

export interface LoadedState<T> {
  /** The answer for the current key; kept while the same key reloads, so a refresh does not flash. */
  data: T | null;
  /** Nothing has arrived yet for this key. */
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/**
 * Loads what `key` names and loads again whenever the key changes or reload() is called. An answer for a key that is
 * no longer current is dropped (its request is aborted), so a slow page cannot land on another tab.
 */
export function useLoaded<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  onError: (error: unknown) => void,
): LoadedState<T> {
  const [state, setState] = useState<Loaded<T> | null>(null);
  const [version, setVersion] = useState(0);
  const loadNow = useEffectEvent(load);
  const reportError = useEffectEvent(onError);

  useEffect(() => {
    const controller = new AbortController();
    loadNow(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, data, failed: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setState({ key, data: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const current = state?.key === key ? state : null;
  return {
    data: current?.data ?? null,
    loading: current === null,
    failed: current?.failed ?? false,
    reload: () => setVersion((count) => count + 1),
  };
}
