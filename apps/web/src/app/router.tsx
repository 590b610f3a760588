import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { setNavigate } from '../lib/navigation.ts';
import { loginGuard, publicShellLoader, requireSession } from './guards.ts';
import { RouteError } from './screens/route-error.tsx';

/** Index routes only redirect from their loader; they never render. */
function RedirectOnly() {
  return null;
}

/** Every screen is its own chunk: a route downloads only what it shows. */
export const routes: RouteObject[] = [
  {
    path: '/',
    loader: publicShellLoader,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: (await import('./shells/public-shell.tsx')).PublicShell }),
    children: [
      { index: true, loader: () => redirect('/user'), Component: RedirectOnly },
      {
        path: 'login',
        loader: loginGuard,
        lazy: async () => ({ Component: (await import('../features/auth/components/login-screen.tsx')).LoginScreen }),
      },
      {
        path: 'register',
        lazy: async () => ({
          Component: (await import('../features/register/components/register-screen.tsx')).RegisterScreen,
        }),
      },
      {
        path: 'howto',
        lazy: async () => ({ Component: (await import('../features/howto/components/howto-screen.tsx')).HowtoScreen }),
      },
      {
        path: 'contact',
        lazy: async () => ({
          Component: (await import('../features/contact/components/contact-screen.tsx')).ContactScreen,
        }),
      },
    ],
  },
  {
    path: '/user',
    loader: requireSession,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: (await import('./shells/member-shell.tsx')).MemberShell }),
    children: [
      { index: true, loader: () => redirect('/user/home'), Component: RedirectOnly },
      {
        path: 'home',
        lazy: async () => ({ Component: (await import('../features/home/components/home-screen.tsx')).HomeScreen }),
      },
      {
        path: 'contact',
        lazy: async () => ({
          Component: (await import('../features/contact/components/contact-screen.tsx')).ContactScreen,
        }),
      },
    ],
  },
  {
    path: '/terminated',
    HydrateFallback: PageSpinner,
    lazy: async () => ({ Component: (await import('./screens/terminated-screen.tsx')).TerminatedScreen }),
  },
  {
    path: '*',
    HydrateFallback: PageSpinner,
    lazy: async () => ({ Component: (await import('./screens/not-found-screen.tsx')).NotFoundScreen }),
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setNavigate((path) => {
    void router.navigate(path, { replace: true });
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
