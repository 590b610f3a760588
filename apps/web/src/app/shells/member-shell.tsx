import { DELAY_MS, STORAGE_KEYS } from '@member-wallet/contract/constants';
import type { PushLocale } from '@member-wallet/contract/push';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { BottomMenu } from '../../components/bottom-menu.tsx';
import { ChatIcon, HomeIcon, LogoutIcon } from '../../components/icons.tsx';
import { LanguageSelect } from '../../components/language-switcher.tsx';
import { DocumentIcon, ReceiptIcon, UserIcon } from '../../components/member-icons.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useChatWidgetFlag } from '../../features/contact/api/get-chat-widget-flag.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { BrandMark, SiteSandboxMark, SkipLink, useSiteName } from './brand.tsx';
import { ChatLauncher } from './chat-launcher.tsx';
import { useLiveEvents } from './live-events.ts';

const ConditionsModal = lazy(() =>
  import('../../features/legal/components/conditions-modal.tsx').then((module) => ({
    default: module.ConditionsModal,
  })),
);
const AgreementDialog = lazy(() =>
  import('../../features/legal/components/agreement-dialog.tsx').then((module) => ({
    default: module.AgreementDialog,
  })),
);
// Its own chunk, after the first render: it reads the member's interval, and most members have none.
const RealityCheck = lazy(() =>
  import('../../features/safer-play/components/reality-check-dialog.tsx').then((module) => ({
    default: module.RealityCheck,
  })),
);

/** The first-visit agreement opens 1.5 s after a member page loads, unless it was accepted (spec section 2). */
function useAgreementDue(): [boolean, () => void] {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (localStorage.getItem(STORAGE_KEYS.agreement) !== null) return;
    const timer = setTimeout(() => setDue(true), DELAY_MS.agreementDialog);
    return () => clearTimeout(timer);
  }, []);
  return [due, () => setDue(false)];
}

/**
 * This browser's notifications follow the session: handed in again for the member who signed in here. Loaded
 * after the first render, in a chunk of its own: it is a courtesy, not part of the page.
 */
function useRenewedPush(locale: string): void {
  useEffect(() => {
    void import('../../features/profile/api/push.ts').then((push) => push.renewPush(locale as PushLocale));
  }, [locale]);
}

export function MemberShell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const name = useSiteName();
  const chat = useChatWidgetFlag().data === true;
  const logout = useLogout();
  const [conditionsOpen, setConditionsOpen] = useState(false);
  const [agreementDue, closeAgreement] = useAgreementDue();
  useLiveEvents();
  useRenewedPush(i18n.language);
  const logOut = () => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });

  return (
    <div className="min-h-dvh">
      <SkipLink />
      <header className="sticky top-0 z-30 bg-brand-800 text-white shadow">
        <SiteSandboxMark />
        <div className="mx-auto flex min-h-14 max-w-[480px] items-center justify-between gap-2 px-3">
          <BrandMark name={name} />
          <div className="flex shrink-0 items-center gap-1">
            <LanguageSelect />
            <button
              type="button"
              onClick={logOut}
              disabled={logout.isPending}
              aria-label={t('auth.logout')}
              title={t('auth.logout')}
              className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-white"
            >
              <LogoutIcon />
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-[480px] px-4 pt-4 pb-32">
        <Outlet />
      </main>
      <ChatLauncher />
      <BottomMenu
        chatSlot={chat}
        items={[
          { to: '/user/profile', label: t('menu.profile'), icon: <UserIcon /> },
          { onSelect: () => setConditionsOpen(true), label: t('menu.conditions'), icon: <DocumentIcon /> },
          { to: '/user/statement', label: t('statement.menu'), icon: <ReceiptIcon /> },
          { to: '/user/contact', label: t('menu.contact'), icon: <ChatIcon /> },
          { to: '/user/home', label: t('menu.home'), icon: <HomeIcon /> },
        ]}
      />
      <Suspense fallback={null}>
        <RealityCheck onLogout={logOut} />
        {conditionsOpen ? <ConditionsModal onClose={() => setConditionsOpen(false)} /> : null}
        {agreementDue && !conditionsOpen ? <AgreementDialog onClose={closeAgreement} /> : null}
      </Suspense>
    </div>
  );
}
