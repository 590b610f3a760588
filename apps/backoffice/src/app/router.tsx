import { useMemo } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { AccountScreen } from '../features/account/account-screen.tsx';
import { AdjustmentsScreen } from '../features/adjustments/adjustments-screen.tsx';
import { AuditScreen } from '../features/audit/audit-screen.tsx';
import { BankNameChangesScreen } from '../features/bank-name-changes/bank-name-changes-screen.tsx';
import { ChatScreen } from '../features/chat/chat-screen.tsx';
import { DashboardScreen } from '../features/dashboard/dashboard-screen.tsx';
import { DepositsScreen } from '../features/deposits/deposits-screen.tsx';
import { EnrolScreen } from '../features/enrolment/enrol-screen.tsx';
import { InviteReviewsScreen } from '../features/invite-reviews/invite-reviews-screen.tsx';
import { BankAccountsToCheckScreen } from '../features/members/bank-accounts-to-check-screen.tsx';
import { MemberScreen } from '../features/members/member-screen.tsx';
import { MembersScreen } from '../features/members/members-screen.tsx';
import { OperatorsScreen } from '../features/operators/operators-screen.tsx';
import { PendingChangesScreen } from '../features/pending-changes/pending-changes-screen.tsx';
import { PersonMatchesScreen } from '../features/person-matches/person-matches-screen.tsx';
import { PromotionsScreen } from '../features/promotions/promotions-screen.tsx';
import { SandboxScreen } from '../features/sandbox/sandbox-screen.tsx';
import { SettingsScreen } from '../features/settings/settings-screen.tsx';
import { SlipsScreen } from '../features/slips/slips-screen.tsx';
import { StatementImportScreen } from '../features/statement-import/statement-import-screen.tsx';
import { BankTransfersScreen } from '../features/suspense/bank-transfers-screen.tsx';
import { WatchListScreen } from '../features/watch-list/watch-list-screen.tsx';
import { WithdrawalsScreen } from '../features/withdrawals/withdrawals-screen.tsx';
import { AdminOnly, ForRoles, HOME, RequireOperator, SignInRoute } from './guards.tsx';
import { CHAT_ROLES, Shell } from './shells/operator-shell.tsx';

/** Where the server serves the app (vite.config.ts `base`). */
export const BASENAME = '/backoffice';

/** The signed-in screens, inside the shell; each guards its roles (the server refuses the others too). */
const SCREENS: RouteObject[] = [
  { index: true, element: <Navigate to={HOME} replace /> },
  { path: 'dashboard', element: <DashboardScreen /> },
  { path: 'withdrawals', element: <WithdrawalsScreen /> },
  { path: 'members', element: <MembersScreen /> },
  {
    path: 'members/:id',
    element: <ForRoles>{(operator) => <MemberScreen role={operator.role} />}</ForRoles>,
  },
  {
    path: 'adjustments',
    element: (
      <ForRoles roles={['admin', 'finance']}>
        {(operator) => <AdjustmentsScreen operator={operator.username} />}
      </ForRoles>
    ),
  },
  {
    path: 'invite-reviews',
    element: <ForRoles roles={['admin', 'finance']}>{() => <InviteReviewsScreen />}</ForRoles>,
  },
  { path: 'bank-accounts-to-check', element: <BankAccountsToCheckScreen /> },
  {
    path: 'pending-changes',
    element: (
      <ForRoles roles={['admin']}>{(operator) => <PendingChangesScreen operator={operator.username} />}</ForRoles>
    ),
  },
  {
    path: 'person-matches',
    element: <PersonMatchesScreen />,
  },
  {
    path: 'bank-name-changes',
    element: <ForRoles roles={['admin', 'finance']}>{() => <BankNameChangesScreen />}</ForRoles>,
  },
  {
    path: 'promotions',
    element: (
      <AdminOnly refusal="promotions.adminOnly">
        <PromotionsScreen />
      </AdminOnly>
    ),
  },
  {
    path: 'chat',
    element: <ForRoles roles={CHAT_ROLES}>{(operator) => <ChatScreen operator={operator} />}</ForRoles>,
  },
  {
    path: 'chat/:id',
    element: <ForRoles roles={CHAT_ROLES}>{(operator) => <ChatScreen operator={operator} />}</ForRoles>,
  },
  {
    path: 'watch-list',
    element: <ForRoles>{(operator) => <WatchListScreen role={operator.role} />}</ForRoles>,
  },
  { path: 'bank-transfers', element: <BankTransfersScreen /> },
  { path: 'slips', element: <SlipsScreen /> },
  { path: 'deposits', element: <DepositsScreen /> },
  {
    path: 'statement-import',
    element: <ForRoles roles={['admin', 'finance']}>{() => <StatementImportScreen />}</ForRoles>,
  },
  {
    path: 'operators',
    element: <AdminOnly refusal="list.adminOnly">{(operator) => <OperatorsScreen me={operator} />}</AdminOnly>,
  },
  {
    path: 'audit',
    element: (
      <AdminOnly refusal="list.adminOnly">
        <AuditScreen />
      </AdminOnly>
    ),
  },
  {
    path: 'sandbox',
    element: (
      <AdminOnly refusal="list.adminOnly">
        <SandboxScreen />
      </AdminOnly>
    ),
  },
  {
    path: 'settings',
    element: (
      <AdminOnly>
        <SettingsScreen />
      </AdminOnly>
    ),
  },
  { path: 'account', element: <ForRoles>{(operator) => <AccountScreen operator={operator} />}</ForRoles> },
];

function createRouter() {
  return createBrowserRouter(
    [
      { path: '/sign-in', element: <SignInRoute /> },
      // An enrolment link's page needs no sign-in, and shows the same whoever may be signed in in the tab.
      { path: '/enrol', element: <EnrolScreen /> },
      {
        element: <RequireOperator />,
        children: [
          {
            element: <Shell />,
            children: SCREENS,
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
    { basename: BASENAME },
  );
}

/** The app's routes: sign-in and enrolment outside, every other screen signed in, inside the shell. */
export function AppRouter() {
  const router = useMemo(createRouter, []);
  return <RouterProvider router={router} />;
}
