import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { setNavigate } from '../lib/navigation.ts';
import { LoginGuard, PublicGuard, RequireSession } from './guards.tsx';
import { RouteErrorBoundary } from './screens/route-error.tsx';

/** A lazy screen, and the function that starts its download early (the login guard uses it). */
function screen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const preload = () => load().then((module) => ({ default: module[name] }));
  return { Screen: lazy(preload), preload };
}

/** Every screen is its own chunk: a route downloads only what it shows. */
const PublicShell = screen(() => import('./shells/public-shell.tsx'), 'PublicShell').Screen;
const MemberShell = screen(() => import('./shells/member-shell.tsx'), 'MemberShell').Screen;
const Login = screen(() => import('../features/auth/components/login-screen.tsx'), 'LoginScreen');
const RegisterScreen = screen(
  () => import('../features/register/components/register-screen.tsx'),
  'RegisterScreen',
).Screen;
const HowtoScreen = screen(() => import('../features/howto/components/howto-screen.tsx'), 'HowtoScreen').Screen;
const ContactScreen = screen(() => import('../features/contact/components/contact-screen.tsx'), 'ContactScreen').Screen;
const HomeScreen = screen(() => import('../features/home/components/home-screen.tsx'), 'HomeScreen').Screen;
const TerminatedScreen = screen(() => import('./screens/terminated-screen.tsx'), 'TerminatedScreen').Screen;
const NotFoundScreen = screen(() => import('./screens/not-found-screen.tsx'), 'NotFoundScreen').Screen;

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
          <Route
            path="/"
            element={
              <PublicGuard>
                <PublicShell />
              </PublicGuard>
            }
          >
            <Route index element={<Navigate to="/user" replace />} />
            <Route
              path="login"
              element={
                <LoginGuard preload={Login.preload}>
                  <Login.Screen />
                </LoginGuard>
              }
            />
            <Route path="register" element={<RegisterScreen />} />
            <Route path="howto" element={<HowtoScreen />} />
            <Route path="contact" element={<ContactScreen />} />
          </Route>
          <Route
            path="/user"
            element={
              <RequireSession>
                <MemberShell />
              </RequireSession>
            }
          >
            <Route index element={<Navigate to="/user/home" replace />} />
            <Route path="home" element={<HomeScreen />} />
            <Route path="contact" element={<ContactScreen />} />
          </Route>
          <Route path="/terminated" element={<TerminatedScreen />} />
          <Route path="*" element={<NotFoundScreen />} />
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
