import { useTranslation } from '../../../i18n/i18n.ts';
import { ActivitySection } from './activity-section.tsx';
import { BlockSection } from './block-section.tsx';
import { HelpSection } from './help-section.tsx';
import { LimitsSection } from './limits-section.tsx';
import { RealityCheckSection } from './reality-check-section.tsx';

/** Safer play (issue 23): limits, the reality check, time-out and self-exclusion, activity and where to get help. */
export function SaferPlayScreen() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t('saferPlay.title')}</h1>
        <p className="mt-1 text-slate-600">{t('saferPlay.intro')}</p>
      </div>
      <LimitsSection />
      <RealityCheckSection />
      <BlockSection />
      <ActivitySection />
      <HelpSection />
    </div>
  );
}
