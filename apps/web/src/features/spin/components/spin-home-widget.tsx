import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useSpinActive } from '../api/get-spin-active.ts';

function WheelIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4" />
      <circle cx="12" cy="12" r="2.5" fill="currentColor" />
    </Icon>
  );
}

export interface SpinHomeWidgetProps {
  /** The member's coins. */
  coins: number;
  /** What takes the widget's place while no wheel runs (spec section 2, Home: the refresh-all widget). */
  fallback: ReactNode;
}

/**
 * Home's spin wheel widget (spec section 2, Home): the member's coins and a way to /user/spin, shown only
 * when `GET /api/spinwheel/active` says a wheel runs. Until that answer arrives, or when it fails, the
 * fallback stays: a member is never sent to a wheel that does not run. It looks like home's other widgets
 * (features/home/components/home-screen.tsx `Widget`), whose classes it repeats, as features share no code.
 */
export function SpinHomeWidget({ coins, fallback }: SpinHomeWidgetProps) {
  const { t } = useTranslation();
  const active = useSpinActive();
  if (active.data?.isActive !== true) return <>{fallback}</>;
  return (
    <Link
      to="/user/spin"
      aria-label={t('spin.widgetLabel', { coins })}
      className="flex min-h-24 flex-col items-center justify-center gap-2 rounded-2xl bg-white p-3 text-center text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <WheelIcon />
      </span>
      <span className="text-sm leading-snug">
        {t('spin.widget')}
        <span className="block font-semibold text-brand-800" data-testid="spin-widget-coins">
          {t('spin.widgetCoins', { coins })}
        </span>
      </span>
    </Link>
  );
}
