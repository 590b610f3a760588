import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, NETWORK_ERROR, toastError } from '../lib/http.ts';

/** Failed loads show a red toast, unless the query says it fails silently (optional flags). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent !== true) toastError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => isApiError(error) && error.code === NETWORK_ERROR && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
