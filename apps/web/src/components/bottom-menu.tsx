import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../i18n/i18n.ts';

/** A page link (`to`), or an action such as opening a modal (`onSelect`). */
export type BottomMenuItem = { label: string; icon: ReactNode } & (
  | { to: string; onSelect?: never }
  | { to?: never; onSelect: () => void }
);

const ITEM_CLASS = 'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 py-1 text-xs leading-snug';

/**
 * The menu bar. With `chatSlot`, its right end is kept free for the chat launcher (chat-widget.tsx), which sits
 * there instead of floating over the page, so it never covers a control (issue 21).
 */
export function BottomMenu({ items, chatSlot = false }: { items: readonly BottomMenuItem[]; chatSlot?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('menu.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-[480px]">
        {items.map((item) => (
          <li key={item.to ?? item.label} className="flex-1">
            {item.to === undefined ? (
              <button
                type="button"
                onClick={item.onSelect}
                className={`${ITEM_CLASS} text-slate-600 hover:text-slate-900`}
              >
                {item.icon}
                <span className="text-center">{item.label}</span>
              </button>
            ) : (
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  `${ITEM_CLASS} ${isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900'}`
                }
              >
                {item.icon}
                <span className="text-center">{item.label}</span>
              </NavLink>
            )}
          </li>
        ))}
        {chatSlot ? <li aria-hidden="true" className="w-16 shrink-0" data-chat-slot="" /> : null}
      </ul>
    </nav>
  );
}
