import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { useMe } from '../features/auth/api.ts';
import { SignInScreen } from '../features/auth/sign-in-screen.tsx';
import { SettingsScreen } from '../features/settings/settings-screen.tsx';
import { WithdrawalsScreen } from '../features/withdrawals/withdrawals-screen.tsx';
import { useTranslation } from '../i18n/i18n.ts';
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

/** A screen for administrators only: other roles read why instead (the server refuses them too). */
function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <PageSpinner />;
  if (me.data?.role !== 'admin') {
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
        {t('settings.adminOnly')}
      </p>
    );
  }
  return children;
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
              {
                path: 'settings',
                element: (
                  <AdminOnly>
                    <SettingsScreen />
                  </AdminOnly>
                ),
              },
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
