import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { BannersPanel } from './banners-panel.tsx';
import { BonusesPanel } from './bonuses-panel.tsx';
import { InvitePanel, RefundPanel } from './programmes-panel.tsx';
import { WheelPanel } from './wheel-panel.tsx';

const TABS = ['bonuses', 'codes', 'invite', 'refund', 'wheel', 'banners'] as const;
type Tab = (typeof TABS)[number];

/**
 * Promotions (docs/backoffice/promotions.md), for admins: bonuses, promotion codes, the invite and refund
 * programmes, the prize wheel and the banners, one tab each.
 */
export function PromotionsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('bonuses');
  const baseId = useId();
  return (
    <section aria-labelledby="promotions-title" className="space-y-4">
      <h1 id="promotions-title" className="text-2xl font-semibold text-slate-900">
        {t('promotions.title')}
      </h1>
      <p className="text-sm text-slate-600">{t('promotions.fourEyes')}</p>
      <div role="tablist" aria-label={t('promotions.title')} className="flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`${baseId}-${each}`}
            aria-selected={tab === each}
            aria-controls={`${baseId}-panel`}
            onClick={() => setTab(each)}
            className={`min-h-11 border-b-4 px-3 font-semibold ${tab === each ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t(`promotions.tabs.${each}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${tab}`}>
        {tab === 'bonuses' ? <BonusesPanel key="bonus" kind="bonus" /> : null}
        {tab === 'codes' ? <BonusesPanel key="promotion" kind="promotion" /> : null}
        {tab === 'invite' ? <InvitePanel /> : null}
        {tab === 'refund' ? <RefundPanel /> : null}
        {tab === 'wheel' ? <WheelPanel /> : null}
        {tab === 'banners' ? <BannersPanel /> : null}
      </div>
    </section>
  );
}
