import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * Live money for the member's session (docs/live.md): its code (src/features/live, with socket.io-client) loads
 * once the page is idle, so the first screen never waits for it; it stops with the member shell (logout).
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let stopped = false;
    const cancel = whenIdle(() => {
      void import('../../features/live/live-events.ts').then((module) => {
        if (!stopped) stop = module.startLiveEvents(client);
      });
    });
    return () => {
      stopped = true;
      cancel();
      stop?.();
    };
  }, [client]);
}
