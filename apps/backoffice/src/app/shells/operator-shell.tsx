import type { OperatorProfile, OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { Button } from '@member-wallet/ui/button';
import { SandboxMark } from '@member-wallet/ui/sandbox-mark';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useUnreadTotal } from '../../features/chat/api/get-unread-total.ts';
import { useChatLive } from '../../features/chat/live.ts';
import { useSandboxStatus } from '../../features/sandbox/api/get-sandbox-status.ts';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';

/** The roles that answer the chat (docs/backoffice/README.md, Roles). */
export const CHAT_ROLES: readonly OperatorRole[] = ['admin', 'support'];

/** The screens that exist, and the roles shown each (all when none); each new screen of issue 7 adds its entry. */
const NAVIGATION: readonly {
  to: string;
  label: TranslationKey;
  roles?: readonly OperatorRole[];
  /** Shown only when the server is in sandbox mode (GET /backoffice/api/sandbox). */
  sandboxOnly?: true;
  /** Carries the chat's unread total as a badge. */
  chatBadge?: true;
}[] = [
  { to: '/dashboard', label: 'nav.dashboard' },
  { to: '/withdrawals', label: 'nav.withdrawals', roles: ['admin', 'finance'] },
  { to: '/deposits', label: 'nav.deposits', roles: ['admin', 'finance'] },
  { to: '/slips', label: 'slipReview.nav', roles: ['admin', 'finance'] },
  { to: '/bank-transfers', label: 'bankTransfers.nav', roles: ['admin', 'finance'] },
  { to: '/statement-import', label: 'statementImport.nav', roles: ['admin', 'finance'] },
  { to: '/members', label: 'nav.members' },
  { to: '/bank-accounts-to-check', label: 'nav.bankAccountsToCheck' },
  { to: '/chat', label: 'nav.chat', roles: CHAT_ROLES, chatBadge: true },
  { to: '/watch-list', label: 'nav.watchList' },
  { to: '/adjustments', label: 'nav.adjustments', roles: ['admin', 'finance'] },
  { to: '/invite-reviews', label: 'nav.inviteReviews', roles: ['admin', 'finance'] },
  { to: '/bank-name-changes', label: 'nav.bankNameChanges', roles: ['admin', 'finance'] },
  { to: '/person-matches', label: 'nav.personMatches' },
  { to: '/promotions', label: 'nav.promotions', roles: ['admin'] },
  { to: '/settings', label: 'nav.settings', roles: ['admin'] },
  { to: '/pending-changes', label: 'nav.pendingChanges', roles: ['admin'] },
  { to: '/operators', label: 'nav.operators', roles: ['admin'] },
  { to: '/audit', label: 'nav.audit', roles: ['admin'] },
  { to: '/sandbox', label: 'nav.sandbox', roles: ['admin'], sandboxOnly: true },
  { to: '/account', label: 'nav.account' },
];

/** The signed-in frame: who is signed in with which role, the menu, the language and sign-out. */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const signOut = useSignOut();
  const sandboxStatus = useSandboxStatus(Boolean(me.data)).data;
  const sandbox = sandboxStatus?.sandbox === true;
  const chat = me.data !== undefined && CHAT_ROLES.includes(me.data.role);
  const unread = useUnreadTotal(chat).data ?? 0;
  useChatLive(chat && me.data ? me.data.id : null);
  const { pathname } = useLocation();
  const menu = useRef<HTMLUListElement>(null);
  // On a phone the menu scrolls sideways: the current screen's entry is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    menu.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, me.data]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:p-2"
      >
        {t('app.skipToContent')}
      </a>
      {/* While a party answers from its sandbox (docs/parties/README.md, The sandbox label), above everything. */}
      {sandboxStatus?.active ? <SandboxMark label={t('app.sandboxMark')} className="sticky top-0 z-40" /> : null}
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-1 sm:gap-x-4 sm:px-6">
          <span className="order-1 mr-auto font-semibold sm:order-none">{t('app.name')}</span>
          {/* On a phone: the name and the languages on a line, the operator and sign-out on the next. */}
          <span aria-hidden="true" className="order-3 basis-full sm:hidden" />
          {me.data ? <SignedInOperator operator={me.data} /> : null}
          <div className="order-2 sm:order-none">
            <LanguageSwitcher tone="dark" />
          </div>
          <Button
            variant="ghost"
            className="order-5 px-2 text-white hover:bg-white/15 sm:order-none"
            loading={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            {t('shell.signOut')}
          </Button>
        </div>
        <nav aria-label={t('shell.navigation')} className="bg-brand-800">
          <ul ref={menu} className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-3 sm:px-6 lg:flex-wrap">
            {NAVIGATION.filter(
              (item) =>
                (!item.roles || (me.data && item.roles.includes(me.data.role))) && (!item.sandboxOnly || sandbox),
            ).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 items-center border-b-4 px-3 font-semibold whitespace-nowrap ${isActive ? 'border-white text-white' : 'border-transparent text-brand-100 hover:text-white'}`
                  }
                >
                  {t(item.label)}
                  {item.chatBadge && unread > 0 ? (
                    <span data-testid="chat-badge" className="ml-2 rounded-full bg-red-600 px-2 text-sm text-white">
                      <span className="sr-only">{t('chat.unreadBadge', { count: unread })}</span>
                      <span aria-hidden="true">{unread}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-6 sm:py-6">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Who is signed in, with which role; the name (and display name, which members see in chat) leads to their own
 * account.
 */
function SignedInOperator({ operator }: { operator: OperatorProfile }) {
  const { t } = useTranslation();
  return (
    <p
      className="order-4 mr-auto flex min-w-0 flex-wrap items-center gap-x-2 text-sm sm:order-none sm:mr-0"
      data-testid="operator"
    >
      <Link
        to="/account"
        className="inline-flex min-h-11 min-w-0 items-center gap-1 rounded-lg px-1 hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-white"
      >
        <span className="sr-only">{t('shell.accountOf', { username: operator.username })}</span>
        <span aria-hidden="true" className="font-semibold">
          {operator.username}
        </span>
        {operator.displayName ? <span className="truncate text-brand-100">· {operator.displayName}</span> : null}
      </Link>{' '}
      <span className="rounded-full bg-white/15 px-2">{t(`shell.role.${operator.role}`)}</span>
    </p>
  );
}
