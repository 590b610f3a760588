import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../src/app/app.tsx';
import { createQueryClient } from '../src/app/query-client.ts';
import { OPERATOR_TOKEN_KEY } from '../src/lib/session.ts';

/** Renders the real router at a path under /backoffice, signed in unless told otherwise. */
export function renderApp(path: string, { signedIn = true }: { signedIn?: boolean } = {}) {
  if (signedIn) sessionStorage.setItem(OPERATOR_TOKEN_KEY, 'op_test-token');
  window.history.replaceState(null, '', `/backoffice${path}`);
  const user = userEvent.setup();
  const view = render(<App queryClient={createQueryClient()} />);
  return { ...view, user };
}

export function currentPath(): string {
  return window.location.pathname;
}
