import { REALITY_CHECK_MINUTES } from '@member-wallet/contract/safer-play';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { toastError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSaferPlayStatus } from '../api/get-status.ts';
import { useSaveRealityCheck } from '../api/save-reality-check.ts';

const CHOICES = [0, ...REALITY_CHECK_MINUTES] as const;

function RealityCheckForm({ current }: { current: number }) {
  const { t } = useTranslation();
  const save = useSaveRealityCheck();
  const [minutes, setMinutes] = useState(current);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(
      { minutes: minutes === 0 ? null : minutes },
      { onSuccess: () => showToast('success', t('saferPlay.realityCheck.saved')), onError: toastError },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <fieldset>
        <legend className="sr-only">{t('saferPlay.realityCheck.title')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {CHOICES.map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 py-2 ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600"
            >
              <input
                type="radio"
                name="reality-check"
                value={choice}
                checked={minutes === choice}
                onChange={() => setMinutes(choice)}
                className="size-5 accent-brand-700"
              />
              <span>
                {choice === 0
                  ? t('saferPlay.realityCheck.off')
                  : t('saferPlay.realityCheck.every', { minutes: choice })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="secondary" block loading={save.isPending}>
        {t('saferPlay.realityCheck.save')}
      </Button>
    </form>
  );
}

/** How often a reminder of the time logged in and the session's result appears (issue 23). */
export function RealityCheckSection() {
  const { t } = useTranslation();
  const status = useSaferPlayStatus();
  return (
    <section aria-labelledby="safer-play-reality" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="safer-play-reality" className="text-lg font-semibold text-slate-900">
        {t('saferPlay.realityCheck.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t('saferPlay.realityCheck.intro')}</p>
      {status.isPending ? <Spinner /> : null}
      {status.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
      {status.data ? <RealityCheckForm current={status.data.realityCheckMinutes ?? 0} /> : null}
    </section>
  );
}
