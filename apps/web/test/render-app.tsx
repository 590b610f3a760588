import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../src/app/app.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { createAppRouter } from '../src/app/router.tsx';

/** Renders the real router and providers at a path, as the browser would open it. */
export function renderApp(path: string, options: { advanceTimers?: (ms: number) => void } = {}) {
  window.history.replaceState(null, '', path);
  const router = createAppRouter();
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(<App router={router} queryClient={createQueryClient()} />);
  return { ...view, router, user };
}
