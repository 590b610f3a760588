import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../src/app/app.tsx';
import { createQueryClient } from '../src/app/query-client.ts';

/** Renders the real router and providers at a path, as the browser would open it. */
export function renderApp(
  path: string,
  options: { advanceTimers?: (ms: number) => void; queryClient?: QueryClient } = {},
) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(<App queryClient={options.queryClient ?? createQueryClient()} />);
  return { ...view, user };
}

/** The path the app shows now. */
export function currentPath(): string {
  return window.location.pathname;
}
