import { API } from '@member-wallet/contract/api-paths';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { PageSpinner } from '@member-wallet/ui/spinner';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { loadMemberTexts } from '../i18n/i18n.ts';
import { startEarlyGet } from '../lib/http.ts';
import { setNavigate } from '../lib/navigation.ts';
import { hasToken } from '../lib/session.ts';
import { LoginGuard, PublicGuard, RequireLimitedSession, RequireSession, startSiteCheck } from './guards.tsx';
import { RouteErrorBoundary } from './screens/route-error.tsx';

/**
 * A screen module: the component, and optionally `prefetch`, which starts the screen's data when it is the
 * first page, so its API calls leave as soon as its chunk arrives instead of after React has rendered it.
 */
type ScreenModule<Name extends string> = Record<Name, ComponentType> & { prefetch?: (client: QueryClient) => void };

/**
 * A lazy screen, and the function that starts its download before React asks for it. `earlyGets` are the API
 * paths its `prefetch` reads: as the first page with a session, they are requested at once, alongside the
 * screen's chunks, and `prefetch` takes those answers (lib/http.ts `startEarlyGet`).
 */
function screen<Name extends string>(
  load: () => Promise<ScreenModule<Name>>,
  name: Name,
  earlyGets: readonly string[] = [],
) {
  let loaded: ComponentType | undefined;
  const preload = (client?: QueryClient) => {
    if (client) for (const path of earlyGets) startEarlyGet(path);
    return load().then((module) => {
      if (client) module.prefetch?.(client);
      const component: ComponentType = module[name];
      loaded = component;
      return { default: component };
    });
  };
  const Lazy = lazy(() => preload());
  /**
   * A screen whose chunk is already in renders at once. `lazy` would suspend on its first render all the same,
   * and React holds a suspended page back (it throttles the reveal by 300 ms), which is what the first page's
   * largest paint waited on. Chosen once per mount, so a screen never swaps its component (and state) later.
   */
  function Screen() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, preload };
}
type LazyScreen = ReturnType<typeof screen>;

/** Every screen is its own chunk: a route downloads only what it shows. */
const PublicShell = screen(() => import('./shells/public-shell.tsx'), 'PublicShell');
// Member pages render once the member texts of the language are in (docs/decisions/0012).
const MemberShell = screen(
  () => Promise.all([import('./shells/member-shell.tsx'), loadMemberTexts()]).then(([module]) => module),
  'MemberShell',
);
const Login = screen(() => import('../features/auth/components/login-screen.tsx'), 'LoginScreen');
const Register = screen(() => import('../features/register/components/register-screen.tsx'), 'RegisterScreen');
const Howto = screen(() => import('../features/howto/components/howto-screen.tsx'), 'HowtoScreen');
const Contact = screen(() => import('../features/contact/components/contact-screen.tsx'), 'ContactScreen');
const Home = screen(() => import('./screens/home-route.tsx'), 'HomeRoute', [API.wallet, API.spinActive]);
const Profile = screen(() => import('../features/profile/components/profile-screen.tsx'), 'ProfileScreen');
const Statement = screen(() => import('./screens/statement-route.tsx'), 'StatementRoute', [API.wallet]);
const Spin = screen(() => import('./screens/spin-route.tsx'), 'SpinRoute', [
  API.spinSetup,
  API.spinCouponsPage(1, PAGE_SIZE.coupons),
]);
const Bonus = screen(() => import('./screens/bonus-route.tsx'), 'BonusRoute', [API.bonusCheckActive]);
const SaferPlay = screen(() => import('../features/safer-play/components/safer-play-screen.tsx'), 'SaferPlayScreen');
// The limited session's page speaks with the member texts (the wallet, the withdrawal), like the member shell.
const Limited = screen(
  () => Promise.all([import('./screens/limited-route.tsx'), loadMemberTexts()]).then(([module]) => module),
  'LimitedRoute',
);
const Terminated = screen(() => import('./screens/terminated-screen.tsx'), 'TerminatedScreen');
const NotFound = screen(() => import('./screens/not-found-screen.tsx'), 'NotFoundScreen');

/** The children of `/` and of `/user`, by path (spec section 2). */
const PUBLIC_SCREENS: Record<string, LazyScreen> = { login: Login, register: Register, howto: Howto, contact: Contact };
const MEMBER_SCREENS: Record<string, LazyScreen> = {
  home: Home,
  profile: Profile,
  statement: Statement,
  bonus: Bonus,
  contact: Contact,
  spin: Spin,
  'safer-play': SaferPlay,
};

/**
 * Called by main.tsx as the entry starts, before the catalogue has arrived: the shell and screen of the
 * first path (and, on /login, the terminated check; on member pages, the screen's data when a session is
 * stored) download in parallel instead of one after the other as React reaches them. Paths the table does
 * not know load on demand as usual.
 *
 * Answers what the first render waits for (it settles, never rejects; a chunk that failed is React's to
 * report). A public page waits for its chunks and site check, so it paints in one go instead of a loading
 * fallback first; a member page does not wait: its largest paint needs its data as well, and rendered in one
 * task with it the home measured 0.15-0.2 s slower in Lighthouse (docs/performance.md).
 */
export function preloadFirstRoute(pathname: string, client: QueryClient): Promise<void> {
  const [, section = '', child = ''] = pathname.split('/');
  if (section === 'user') {
    void MemberShell.preload();
    void MEMBER_SCREENS[child || 'home']?.preload(hasToken() ? client : undefined);
    return Promise.resolve();
  }
  const first = PUBLIC_SCREENS[section];
  if (!first) return Promise.resolve();
  return settled([PublicShell.preload(), first.preload(), first === Login ? startSiteCheck() : undefined]);
}

function settled(waits: readonly (Promise<unknown> | undefined)[]): Promise<void> {
  return Promise.allSettled(waits).then(() => undefined);
}

/** The HTTP client lives outside React; it navigates through the router once the router is mounted. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigate((path) => {
      void navigate(path, { replace: true });
    });
  }, [navigate]);
  return null;
}

function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary path={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          {/* `/` only redirects (spec section 2): outside the public shell, so a stored session survives it. */}
          <Route path="/" element={<Navigate to="/user" replace />} />
          <Route
            element={
              <PublicGuard>
                <PublicShell.Screen />
              </PublicGuard>
            }
          >
            {Object.entries(PUBLIC_SCREENS).map(([path, { Screen, preload }]) => (
              <Route
                key={path}
                path={path}
                element={
                  Screen === Login.Screen ? (
                    <LoginGuard preload={preload}>
                      <Screen />
                    </LoginGuard>
                  ) : (
                    <Screen />
                  )
                }
              />
            ))}
          </Route>
          <Route
            path="/user"
            element={
              <RequireSession>
                <MemberShell.Screen />
              </RequireSession>
            }
          >
            <Route index element={<Navigate to="/user/home" replace />} />
            {Object.entries(MEMBER_SCREENS).map(([path, { Screen }]) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
          </Route>
          <Route
            path="/limited"
            element={
              <RequireLimitedSession>
                <Limited.Screen />
              </RequireLimitedSession>
            }
          />
          <Route path="/terminated" element={<Terminated.Screen />} />
          <Route path="*" element={<NotFound.Screen />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}
