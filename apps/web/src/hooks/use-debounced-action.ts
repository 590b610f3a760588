import { useCallback, useEffect, useRef } from 'react';

/**
 * `action` guarded against double taps: the first call runs at once, and every call that follows within
 * `waitMs` of the previous one is dropped and restarts the wait (a leading-edge debounce). A member sees the
 * claim start straight away, and a second tap cannot claim twice (spec section 9, "claim confirm debounced
 * 500 ms").
 */
export function useDebouncedAction<Args extends unknown[]>(
  action: (...args: Args) => void,
  waitMs: number,
): (...args: Args) => void {
  const actionRef = useRef(action);
  actionRef.current = action;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (...args: Args) => {
      const run = !waiting.current;
      waiting.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        waiting.current = false;
      }, waitMs);
      if (run) actionRef.current(...args);
    },
    [waitMs],
  );
}
