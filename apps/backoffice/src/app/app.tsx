import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

/** The operators' app (docs/backoffice/app.md), laid out as the member app is: provider, router, guards, shells. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  );
}
