import { useTranslation } from '../i18n/i18n.ts';
import { showToast } from '../lib/toast-store.ts';
import { CopyIcon } from './member-icons.tsx';

/** A labelled value with a copy button; copying says 'Copied: {text}' or 'Failed to copy' (spec section 8). */
/** `display` is how the value reads on screen (an account number grouped 3-3-rest); `value` is what is copied. */
export function CopyRow({ label, value, display }: { label: string; value: string; display?: string }) {
  const { t } = useTranslation();
  function copy() {
    // `clipboard` is missing outside secure contexts; that is a copy failure too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(() => showToast('success', t('slot.copied', { text: value })))
      .catch(() => showToast('error', t('slot.copyFailed')));
  }
  return (
    <div className="flex items-center justify-between gap-2 rounded-xl bg-slate-100 px-3 py-2">
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="break-all font-semibold text-slate-900" translate="no" data-i18n-exempt="">
          {display ?? value}
        </p>
      </div>
      <button
        type="button"
        onClick={copy}
        aria-label={t('slot.copy', { label })}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-brand-800 hover:bg-white focus-visible:outline-3 focus-visible:outline-brand-500"
      >
        <CopyIcon />
      </button>
    </div>
  );
}
