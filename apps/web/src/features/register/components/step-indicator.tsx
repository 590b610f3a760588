import { CheckIcon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';

export type StepName = 'phone' | 'otp' | 'profile' | 'bank';

const STEP_KEYS = {
  phone: 'register.steps.phone',
  otp: 'register.steps.otp',
  profile: 'register.steps.profile',
  bank: 'register.steps.bank',
} as const;

export function StepIndicator({ steps, current }: { steps: readonly StepName[]; current: StepName }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <div>
      <p className="sr-only" aria-live="polite">
        {t('register.progress', { current: index + 1, total: steps.length, name: t(STEP_KEYS[current]) })}
      </p>
      <ol className="flex items-start gap-1" aria-hidden="true">
        {steps.map((step, position) => {
          const done = position < index;
          const active = position === index;
          return (
            <li key={step} className="flex flex-1 flex-col items-center gap-1 text-center">
              <span
                data-i18n-exempt=""
                className={`flex size-8 items-center justify-center rounded-full text-sm font-semibold ${
                  done
                    ? 'bg-brand-700 text-white'
                    : active
                      ? 'bg-brand-100 text-brand-800 ring-2 ring-brand-700'
                      : 'bg-slate-200 text-slate-500'
                }`}
              >
                {done ? <CheckIcon className="size-4" /> : position + 1}
              </span>
              <span className={`text-xs ${active ? 'font-semibold text-brand-800' : 'text-slate-500'}`}>
                {t(STEP_KEYS[step])}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
