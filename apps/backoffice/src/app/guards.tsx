import type { OperatorProfile, OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { PageSpinner } from '@member-wallet/ui/spinner';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../features/auth/api/get-me.ts';
import { SignInScreen } from '../features/auth/sign-in-screen.tsx';
import { type TranslationKey, useTranslation } from '../i18n/i18n.ts';
import { useSignedIn } from '../lib/session.ts';

/** Where a signed-in operator lands. */
export const HOME = '/dashboard';

/**
 * Signed-in screens only with a token: without one (or once it is dropped) the operator goes to sign-in, which
 * remembers the page asked for and returns there once signed in.
 */
export function RequireOperator() {
  const location = useLocation();
  if (useSignedIn()) return <Outlet />;
  return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

export function SignInRoute() {
  const from: unknown = (useLocation().state as { from?: unknown } | null)?.from;
  const back = typeof from === 'string' && from.startsWith('/') && !from.startsWith('/sign-in') ? from : HOME;
  return useSignedIn() ? <Navigate to={back} replace /> : <SignInScreen />;
}

/**
 * A screen for administrators only: other roles read why instead (the server refuses them too). `children` may
 * take the signed-in admin.
 */
export function AdminOnly({
  children,
  refusal = 'settings.adminOnly',
}: {
  children: ReactNode | ((operator: OperatorProfile) => ReactNode);
  refusal?: TranslationKey;
}) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <PageSpinner />;
  if (me.data?.role !== 'admin') {
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
        {t(refusal)}
      </p>
    );
  }
  return typeof children === 'function' ? children(me.data) : children;
}

/**
 * A screen for some roles only, given the signed-in operator: other roles read why instead (the server
 * refuses them too). Without `roles`, every role.
 */
export function ForRoles({
  roles,
  children,
}: {
  roles?: readonly OperatorRole[];
  children: (operator: OperatorProfile) => ReactNode;
}) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <PageSpinner />;
  if (!me.data || (roles && !roles.includes(me.data.role))) {
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
        {t('common.notForRole')}
      </p>
    );
  }
  return children(me.data);
}
