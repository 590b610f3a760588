import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Checkbox } from '../../../components/checkbox.tsx';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { loadMemberTexts, useTranslation } from '../../../i18n/i18n.ts';
import { type ApiError, isApiError, toastError } from '../../../lib/http.ts';
import { useLogin } from '../api/login.ts';

// Only a blocked member's refused sign-in shows it: its own chunk, so the login screen loads nothing more.
// Its texts are member texts (member/*.json): downloaded with it.
const BlockedNotice = lazy(async () => {
  await loadMemberTexts();
  return { default: (await import('./blocked-notice.tsx')).BlockedNotice };
});

interface Values {
  username: string;
  password: string;
  remember: boolean;
}

type Errors = Partial<Record<'username' | 'password' | 'form', string>>;

export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [values, setValues] = useState<Values>({ username: '', password: '', remember: false });
  const [errors, setErrors] = useState<Errors>({});
  // A sign-in refused for a time-out or self-exclusion carries a limited session (BlockedNotice reads it).
  const [blocked, setBlocked] = useState<ApiError | null>(null);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const { name, value, checked, type } = event.target;
    setValues((previous) => ({ ...previous, [name]: type === 'checkbox' ? checked : value }));
    setErrors({});
    setBlocked(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: Errors = {};
    if (values.username.trim() === '') missing.username = t('validation.usernameRequired');
    if (values.password === '') missing.password = t('validation.passwordRequired');
    if (missing.username || missing.password) {
      setErrors(missing);
      return;
    }
    loginMutation.mutate(
      { username: values.username.trim(), password: values.password, remember: values.remember },
      {
        onSuccess: () => navigate('/user'),
        onError: (error) => {
          if (isApiError(error) && error.session) setBlocked(error);
          else if (isApiError(error) && !error.handled) setErrors({ form: error.message });
          else toastError(error);
        },
      },
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <LanguageSwitcher />
      </div>
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold text-slate-900">{t('auth.loginTitle')}</h1>
        <p className="mt-1 text-slate-600">{t('auth.loginSubtitle')}</p>
        <form className="mt-5 space-y-4" noValidate onSubmit={onSubmit}>
          <TextField
            label={t('auth.username')}
            name="username"
            type="text"
            inputMode="tel"
            autoComplete="username"
            value={values.username}
            onChange={onChange}
            error={errors.username}
          />
          <TextField
            label={t('auth.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={onChange}
            error={errors.password}
          />
          <Checkbox label={t('auth.rememberMe')} name="remember" checked={values.remember} onChange={onChange} />
          {errors.form ? (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-red-800 ring-1 ring-red-200">
              {errors.form}
            </p>
          ) : null}
          {blocked ? (
            <Suspense fallback={null}>
              <BlockedNotice refusal={blocked} />
            </Suspense>
          ) : null}
          <Button type="submit" block loading={loginMutation.isPending}>
            {t('auth.submit')}
          </Button>
        </form>
      </section>
      <p className="text-center text-slate-700">
        {t('auth.noAccount')}{' '}
        <Link to="/register" className="inline-block min-h-11 py-2 font-semibold text-brand-700 underline">
          {t('auth.registerLink')}
        </Link>
      </p>
    </div>
  );
}
