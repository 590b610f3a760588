import { Outlet } from 'react-router';
import { BottomMenu } from '../../components/bottom-menu.tsx';
import { ChatIcon, LoginIcon, PlayIcon, RegisterIcon } from '../../components/icons.tsx';
import { useChatWidgetFlag } from '../../features/contact/api/get-chat-widget-flag.ts';
import { useTranslation } from '../../i18n/i18n.ts';
import { BrandMark, SiteSandboxMark, SkipLink, useSiteName } from './brand.tsx';
import { ChatLauncher } from './chat-launcher.tsx';

export function PublicShell() {
  const { t } = useTranslation();
  const name = useSiteName();
  const chat = useChatWidgetFlag().data === true;
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <SiteSandboxMark className="sticky top-0 z-30" />
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex min-h-14 max-w-[480px] items-center px-4">
          <BrandMark name={name} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-[480px] px-4 pt-4 pb-32">
        <Outlet />
      </main>
      <ChatLauncher />
      <BottomMenu
        chatSlot={chat}
        items={[
          { to: '/login', label: t('menu.login'), icon: <LoginIcon /> },
          { to: '/register', label: t('menu.register'), icon: <RegisterIcon /> },
          { to: '/howto', label: t('menu.howto'), icon: <PlayIcon /> },
          { to: '/contact', label: t('menu.contact'), icon: <ChatIcon /> },
        ]}
      />
    </div>
  );
}
