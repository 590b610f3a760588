import { OTP_RULES } from '@member-wallet/contract/otp';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fieldErrorsFrom } from '../../../lib/form-errors.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { useVerifyOtp } from '../api/verify-otp.ts';
import { useCountdown } from '../hooks/use-countdown.ts';

export interface OtpTicket {
  otpRef: string;
  otpToken: string;
}

export function OtpStep({
  phone,
  ticket,
  onTicket,
  onVerified,
  onBack,
}: {
  phone: string;
  ticket: OtpTicket;
  onTicket: (ticket: OtpTicket) => void;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const { secondsLeft, restart } = useCountdown(OTP_RULES.resendAfterSeconds);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('validation.otpRequired'));
      return;
    }
    verify.mutate(
      { otpToken: ticket.otpToken, otpCode: code.trim() },
      {
        onSuccess: onVerified,
        onError: (failure) => setError(fieldErrorsFrom(failure, ['otpCode']).otpCode ?? null),
      },
    );
  }

  function resendCode() {
    resend.mutate(
      { phoneNumber: phone },
      {
        onSuccess: (answer) => {
          if (answer.code === 'OTP_VERIFIED') {
            onVerified();
            return;
          }
          onTicket({ otpRef: answer.otpRef, otpToken: answer.otpToken });
          restart(OTP_RULES.resendAfterSeconds);
          showToast('success', t('register.resent'));
        },
        onError: (failure) => fieldErrorsFrom(failure, []),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="rounded-xl bg-brand-50 px-3 py-2 text-brand-900">
        <p>{t('register.otpSent', { phone })}</p>
        <p className="font-semibold">{t('register.otpRef', { ref: ticket.otpRef })}</p>
      </div>
      <TextField
        label={t('register.otpCode')}
        name="otpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_RULES.codeLength + 4}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        error={error}
      />
      <Button type="submit" block loading={verify.isPending}>
        {t('register.verify')}
      </Button>
      <div className="flex gap-2">
        <Button variant="ghost" onClick={onBack}>
          {t('common.back')}
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          disabled={secondsLeft > 0}
          loading={resend.isPending}
          onClick={resendCode}
        >
          {secondsLeft > 0 ? t('register.resendIn', { seconds: secondsLeft }) : t('register.resend')}
        </Button>
      </div>
    </form>
  );
}
