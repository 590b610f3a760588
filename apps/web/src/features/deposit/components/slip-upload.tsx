import type { Locale } from '@member-wallet/contract/constants';
import { SLIP_REASON_MESSAGE } from '@member-wallet/contract/error-codes';
import { SLIP_LIMITS, type SlipUploadResponse } from '@member-wallet/contract/slip';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage } from '@member-wallet/ui/field-message';
import { useId, useState } from 'react';
import type { Outcome } from '../../../components/result-dialog.tsx';
import { type TFunction, useTranslation } from '../../../i18n/i18n.ts';
import { type Currency, formatMoney } from '../../../lib/format.ts';
import { toastError } from '../../../lib/http.ts';
import { useSlipLookup } from '../api/get-slip-lookup.ts';
import { useUploadSlip } from '../api/upload-slip.ts';

const BYTES_PER_MB = 1024 * 1024;
const ACCEPTED_TYPES = SLIP_LIMITS.accept.split(',');

/**
 * The checks the browser can make before sending (spec section 5): a PNG or JPEG of at most
 * SLIP_LIMITS.maxBytes. The server still checks the bytes themselves.
 */
export function checkSlipFile(file: Pick<File, 'size' | 'type'>, t: TFunction): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return t('validation.fileNotSupported');
  if (file.size > SLIP_LIMITS.maxBytes) {
    return t('validation.fileTooLarge', { size: SLIP_LIMITS.maxBytes / BYTES_PER_MB });
  }
  return null;
}

/** What the member is told once the slip was read: credited, still checked, or refused with its reason. */
function slipOutcome(answer: SlipUploadResponse, t: TFunction, locale: Locale, currency: Currency) {
  if (answer.message === 'SUCCESS' || answer.slip.status === 'SUCCESS') {
    const amount = formatMoney(locale, answer.slip.amount, currency);
    return { tone: 'success', messages: [t('deposit.slip.success', { amount })] } satisfies Outcome;
  }
  if (answer.slip.status === 'IN_PROGRESS')
    return { tone: 'success', messages: [t('deposit.checking')] } satisfies Outcome;
  const note = answer.slip.note;
  const reason = note ? t(`slipReason.${SLIP_REASON_MESSAGE[note]}`) : null;
  return { tone: 'error', messages: [t('deposit.slip.rejected'), ...(reason ? [reason] : [])] } satisfies Outcome;
}

/**
 * The bank-transfer slip upload (spec sections 2, 4 and 9): upload within 1 hour of the transfer, closed
 * daily in the server's window, a progress bar while the picture travels (up to 300 s).
 */
export function SlipUpload({ currency, onOutcome }: { currency: Currency; onOutcome: (outcome: Outcome) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const lookup = useSlipLookup();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadSlip(setProgress);
  const [file, setFile] = useState<File | null>(null);
  // The picked file's name, shown even when the checks refused it, so the member sees which one it was.
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new input after each upload, so the picker no longer names a file that was already sent.
  const [inputKey, setInputKey] = useState(0);
  const slipWindow = lookup.data;
  const closed = slipWindow?.closed === true;
  const hasWindow = slipWindow !== undefined && slipWindow.closeFrom !== slipWindow.closeTo;

  function submit() {
    if (!file || closed) return;
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (answer) => {
        setFile(null);
        setPicked(null);
        setInputKey((key) => key + 1);
        onOutcome(slipOutcome(answer, t, i18n.language, currency));
      },
      onError: toastError,
      onSettled: () => setProgress(null),
    });
  }

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-slate-700">{t('deposit.slip.body', { size: SLIP_LIMITS.maxBytes / BYTES_PER_MB })}</p>
      {closed ? (
        <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('deposit.slip.closed', { from: slipWindow.closeFrom, to: slipWindow.closeTo })}
        </p>
      ) : hasWindow ? (
        <p className="text-sm text-slate-700">
          {t('deposit.slip.window', { from: slipWindow.closeFrom, to: slipWindow.closeTo })}
        </p>
      ) : null}
      <div>
        <label id={`${id}-label`} htmlFor={id} className="mb-1 block text-slate-800">
          {t('deposit.slip.file')}
        </label>
        {/* The browser's own picker speaks the browser's language ("Choose File"): it is hidden, and this label
            in the member's language opens it; the focus ring follows the hidden input (peer). */}
        <div className="flex items-center gap-3">
          <input
            key={inputKey}
            id={id}
            type="file"
            name="slip"
            accept={SLIP_LIMITS.accept}
            disabled={closed || upload.isPending}
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-name ${id}-message` : `${id}-name`}
            className="peer sr-only"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = chosen ? checkSlipFile(chosen, t) : null;
              setPicked(chosen?.name ?? null);
              setError(problem);
              setFile(problem ? null : chosen);
            }}
          />
          <label
            htmlFor={id}
            aria-hidden="true"
            className="inline-flex min-h-11 shrink-0 cursor-pointer items-center rounded-xl bg-brand-100 px-4 font-semibold text-brand-800 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
          >
            {t('edges.slip.choose')}
          </label>
          <span id={`${id}-name`} className="min-w-0 truncate text-sm text-slate-700">
            {picked ?? t('edges.slip.none')}
          </span>
        </div>
        <FieldMessage id={`${id}-message`} error={error} />
      </div>
      {progress !== null ? (
        <progress
          max={100}
          value={Math.round(progress * 100)}
          aria-label={t('deposit.slip.progress')}
          className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
        />
      ) : null}
      <Button type="submit" block disabled={!file || closed} loading={upload.isPending}>
        {t('deposit.slip.upload')}
      </Button>
    </form>
  );
}
