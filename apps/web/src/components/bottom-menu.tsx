import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from '../i18n/i18n.ts';

export interface BottomMenuItem {
  to: string;
  label: string;
  icon: ReactNode;
}

export function BottomMenu({ items }: { items: readonly BottomMenuItem[] }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('menu.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-[480px]">
        {items.map((item) => (
          <li key={item.to} className="flex-1">
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 py-1 text-xs leading-snug ${isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900'}`
              }
            >
              {item.icon}
              <span className="text-center">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
