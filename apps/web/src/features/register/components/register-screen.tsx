import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';
import { fieldErrorsFrom } from '../../../lib/form-errors.ts';
import { useCreateAccount } from '../api/create-account.ts';
import { useRegisterOtpFlag } from '../api/get-register-otp-flag.ts';
import { useSendOtp } from '../api/send-otp.ts';
import { useInviteCode } from '../hooks/use-invite-code.ts';
import { useRegistered } from '../hooks/use-registered.ts';
import { BankStep, type BankValues } from './bank-step.tsx';
import { OtpStep, type OtpTicket } from './otp-step.tsx';
import { PhoneStep } from './phone-step.tsx';
import { ProfileStep, type ProfileValues } from './profile-step.tsx';
import { StepIndicator, type StepName } from './step-indicator.tsx';

export function RegisterScreen() {
  const { t } = useTranslation();
  const { code: inviteCode, forget: forgetInviteCode } = useInviteCode();
  const otpFlag = useRegisterOtpFlag();
  const sendOtp = useSendOtp();
  const createAccount = useCreateAccount();
  const [step, setStep] = useState<StepName>('phone');
  const [phone, setPhone] = useState('');
  const [ticket, setTicket] = useState<OtpTicket>({ otpRef: '', otpToken: '' });
  const [profile, setProfile] = useState<ProfileValues>({
    name: '',
    password: '',
    confirmPassword: '',
    sourceCode: '',
    inviteCode,
  });
  const { registered, finish } = useRegistered();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function goTo(next: StepName) {
    setStep(next);
    headingRef.current?.focus();
  }

  const steps: StepName[] = otpFlag.data ? ['phone', 'otp', 'profile', 'bank'] : ['phone', 'profile', 'bank'];

  function onPhone(value: string) {
    setPhone(value);
    if (!otpFlag.data) {
      goTo('profile');
      return;
    }
    sendOtp.mutate(
      { phoneNumber: value },
      {
        onSuccess: (answer) => {
          if (answer.code === 'OTP_VERIFIED') {
            goTo('profile');
            return;
          }
          setTicket({ otpRef: answer.otpRef, otpToken: answer.otpToken });
          goTo('otp');
        },
        onError: (error) => fieldErrorsFrom(error, []),
      },
    );
  }

  async function onBank(values: BankValues & { bankAccountName: string }) {
    await createAccount.mutateAsync({
      name: profile.name.trim(),
      username: phone,
      password: profile.password,
      sourceCode: profile.sourceCode || undefined,
      inviteCode: profile.inviteCode.trim() || undefined,
      bankCode: values.bankCode,
      bankAccountName: values.bankAccountName,
      bankAccountNo: values.bankAccountNo,
      currency: env.country === 'LA' ? values.currency : undefined,
    });
    finish();
  }

  return (
    <div className="space-y-4">
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900 outline-none">
          {t('register.title')}
        </h1>
        <p className="mt-1 mb-4 text-slate-600">{t('register.subtitle', { count: steps.length })}</p>
        <StepIndicator steps={steps} current={step} />
        <div className="mt-5">
          {step === 'phone' ? (
            <PhoneStep initialPhone={phone} busy={sendOtp.isPending || otpFlag.isPending} onSubmit={onPhone} />
          ) : null}
          {step === 'otp' ? (
            <OtpStep
              phone={phone}
              ticket={ticket}
              onTicket={setTicket}
              onVerified={() => goTo('profile')}
              onBack={() => goTo('phone')}
            />
          ) : null}
          {step === 'profile' ? (
            <ProfileStep
              phone={phone}
              initial={profile}
              inviteLocked={inviteCode !== ''}
              onForgetInvite={forgetInviteCode}
              onDone={(values) => {
                setProfile(values);
                goTo('bank');
              }}
              onBack={(values) => {
                setProfile(values);
                goTo('phone');
              }}
            />
          ) : null}
          {step === 'bank' ? (
            <BankStep
              busy={createAccount.isPending}
              done={registered}
              onSubmit={onBank}
              onBack={() => goTo('profile')}
            />
          ) : null}
        </div>
      </section>
      <p className="text-center text-slate-700">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="inline-block min-h-11 py-2 font-semibold text-brand-700 underline">
          {t('register.loginLink')}
        </Link>
      </p>
    </div>
  );
}
