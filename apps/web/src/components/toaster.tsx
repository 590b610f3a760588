import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { dismissToast, getToasts, subscribeToasts, type Toast } from '../lib/toast-store.ts';
import { CloseIcon } from './icons.tsx';

const TONES = {
  error: 'bg-red-700 text-white',
  success: 'bg-emerald-700 text-white',
} as const;

/** Always mounted so that assistive technology announces each toast added to the live region. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <section
      aria-label={t('common.notifications')}
      className="pointer-events-none fixed inset-x-0 top-3 z-50 mx-auto flex w-full max-w-[480px] flex-col gap-2 px-3"
    >
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}

/**
 * One toast. Its time counts from when it is first on screen, not from when it was raised: a call refused before
 * the app's first render (an early GET on a slow phone) still shows its toast for the whole time.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const { id, durationMs } = toast;
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(id), durationMs);
    return () => clearTimeout(timer);
  }, [id, durationMs]);
  return (
    <div
      data-tone={toast.tone}
      className={`pointer-events-auto flex items-start gap-2 rounded-xl px-4 py-3 shadow-lg ${TONES[toast.tone]}`}
    >
      <p className="flex-1 pt-1">{typeof toast.text === 'string' ? toast.text : t(toast.text.key)}</p>
      <button
        type="button"
        onClick={() => dismissToast(id)}
        aria-label={t('common.dismiss')}
        className="-m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
