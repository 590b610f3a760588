import { QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from '../lib/http.ts';

/** Loads retry only when no answer came (the network); an answer, even a refusal, is shown as it is. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => error instanceof ApiError && error.code === NETWORK_ERROR && failures < 2,
        refetchOnWindowFocus: true,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
