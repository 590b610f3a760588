import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';

/** The Department of Mental Health's free 24-hour hotline: Thailand's only, so shown in the Thai build only. */
const THAI_HOTLINE = '1323';

/** Where to find help: the national hotline in Thailand, and the site's own contact everywhere. */
export function HelpSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="safer-play-help" className="space-y-3 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <h2 id="safer-play-help" className="text-lg font-semibold text-slate-900">
        {t('saferPlay.help.title')}
      </h2>
      {env.country === 'TH' ? (
        <p className="text-slate-800">
          {t('saferPlay.help.hotline')}{' '}
          <a
            href={`tel:${THAI_HOTLINE}`}
            className="inline-flex min-h-11 min-w-11 items-center justify-center font-semibold text-brand-800 underline"
            aria-label={t('saferPlay.help.callHotline')}
          >
            {THAI_HOTLINE}
          </a>
        </p>
      ) : null}
      <p className="text-slate-800">
        {t('saferPlay.help.contact')}{' '}
        <Link to="/user/contact" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
          {t('saferPlay.help.contactLink')}
        </Link>
      </p>
    </section>
  );
}
