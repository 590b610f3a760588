import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, type Schema } from '../../../lib/http.ts';

/**
 * A promotion programme's settings (invite, refund): read, and replaced whole at the same path; the answer is
 * what the member side now reads.
 */
export function programmeSettings<Value>(path: string, schema: Schema<Value>, name: string) {
  const key = ['backoffice', 'promotions', name] as const;
  return {
    useValue: () => useQuery({ queryKey: key, queryFn: () => request(path, { schema }) }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (value: Value) => request(path, { method: 'PUT', body: value, schema }),
        onSuccess: (saved) => queryClient.setQueryData(key, saved),
      });
    },
  };
}
