import { SandboxMark } from '@member-wallet/ui/sandbox-mark';
import { useEffect } from 'react';
import faviconUrl from '../../assets/favicon.svg';
import { useInfo } from '../../features/site/api/get-info.ts';
import { useTranslation } from '../../i18n/i18n.ts';

/** The operator's site name from the info lookup, or the product name until it arrives. */
export function useSiteName(): string {
  const { t } = useTranslation();
  const info = useInfo();
  const name = info.data?.name || t('app.name');
  useEffect(() => {
    document.title = name;
  }, [name]);
  return name;
}

/**
 * The SANDBOX mark while a party answers from its sandbox (docs/parties/README.md, The sandbox label): as the
 * page says (`<html data-sandbox>`, set by the server) until the info lookup has answered, then as the lookup
 * says. From the page, the mark is there at the first paint instead of pushing the page down later.
 */
export function SiteSandboxMark({ className }: { className?: string }) {
  const { t } = useTranslation();
  const info = useInfo();
  const sandbox = info.data ? info.data.sandbox === true : document.documentElement.dataset.sandbox === 'true';
  return sandbox ? <SandboxMark label={t('app.sandboxMark')} className={className} /> : null;
}

export function BrandMark({ name }: { name: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <img src={faviconUrl} alt="" width={32} height={32} className="size-8 shrink-0" />
      <span translate="no" className="truncate text-lg font-semibold">
        {name}
      </span>
    </span>
  );
}

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:inline-flex focus:min-h-11 focus:items-center"
    >
      {t('app.skipToContent')}
    </a>
  );
}
