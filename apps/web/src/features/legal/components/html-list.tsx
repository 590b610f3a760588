import { Spinner } from '@member-wallet/ui/spinner';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { sanitizeHtml } from '../../../lib/safe-html.ts';

/** A numbered list of operator HTML texts, each reduced to the allow-list of safe-html.ts. */
export function HtmlList({ items, pending }: { items: readonly string[] | undefined; pending: boolean }) {
  const { t } = useTranslation();
  const safe = useMemo(() => (items ?? []).map(sanitizeHtml), [items]);
  if (pending) return <Spinner />;
  if (safe.length === 0) return <p className="text-slate-600">{t('common.loadFailed')}</p>;
  return (
    <ol className="list-decimal space-y-2 ps-5 text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_ul]:list-disc [&_ul]:ps-5">
      {safe.map((html, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the texts are a fixed list from one answer
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to a small allow-list by sanitizeHtml
        <li key={index} data-i18n-exempt="" dangerouslySetInnerHTML={{ __html: html }} />
      ))}
    </ol>
  );
}
