import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { SignInScreen } from '../features/auth/sign-in-screen.tsx';
import { WithdrawalsScreen } from '../features/withdrawals/withdrawals-screen.tsx';
import { useSignedIn } from '../lib/session.ts';
import { Shell } from './shell.tsx';

/** Where the server serves the app (vite.config.ts `base`). */
export const BASENAME = '/backoffice';
const HOME = '/withdrawals';

/** Signed-in screens only with a token: without one (or once it is dropped) the operator goes to sign-in. */
function RequireOperator() {
  return useSignedIn() ? <Outlet /> : <Navigate to="/sign-in" replace />;
}

function SignInRoute() {
  return useSignedIn() ? <Navigate to={HOME} replace /> : <SignInScreen />;
}

function createRouter() {
  return createBrowserRouter(
    [
      { path: '/sign-in', element: <SignInRoute /> },
      {
        element: <RequireOperator />,
        children: [
          {
            element: <Shell />,
            children: [
              { index: true, element: <Navigate to={HOME} replace /> },
              { path: 'withdrawals', element: <WithdrawalsScreen /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
    { basename: BASENAME },
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const router = useMemo(createRouter, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
