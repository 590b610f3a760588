import { OPERATOR_USERNAME } from '@member-wallet/contract/backoffice/operators';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { useSignIn } from './api/sign-in.ts';

type Field = 'username' | 'password' | 'totp';

function validate(values: Record<Field, string>): Partial<Record<Field, TranslationKey>> {
  const errors: Partial<Record<Field, TranslationKey>> = {};
  const username = values.username.trim().toLowerCase();
  if (!username) errors.username = 'signIn.required';
  else if (!OPERATOR_USERNAME.test(username)) errors.username = 'signIn.usernameInvalid';
  if (!values.password) errors.password = 'signIn.required';
  if (!values.totp.trim()) errors.totp = 'signIn.required';
  else if (!/^\d{6}$/.test(values.totp.trim())) errors.totp = 'signIn.totpInvalid';
  return errors;
}

/** Username, password and the authenticator's 6-digit code, all three at once (docs/backoffice/README.md). */
export function SignInScreen() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '', totp: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, TranslationKey>>>({});

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signIn.mutate({
      username: values.username.trim().toLowerCase(),
      password: values.password,
      totp: values.totp.trim(),
    });
  }

  const fieldError = (field: Field) => {
    const key = errors[field];
    return key ? t(key) : null;
  };

  return (
    <div className="flex min-h-dvh flex-col bg-brand-900">
      <header className="flex items-center justify-between gap-2 px-4 py-2">
        <span className="font-semibold text-white">{t('app.name')}</span>
        <LanguageSwitcher tone="dark" />
      </header>
      <main className="flex flex-1 items-start justify-center px-3 pt-6 pb-10 sm:items-center sm:pt-0">
        <form
          noValidate
          onSubmit={submit}
          className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-5 shadow-xl sm:p-6"
          aria-labelledby="sign-in-title"
        >
          <div>
            <h1 id="sign-in-title" className="text-xl font-semibold text-slate-900">
              {t('signIn.title')}
            </h1>
            <p className="mt-1 text-sm text-slate-600">{t('signIn.intro')}</p>
          </div>
          {signIn.error ? (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
              {errorText(signIn.error)}
            </p>
          ) : null}
          <TextField
            label={t('signIn.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            onChange={(event) => change('username', event.target.value)}
            error={fieldError('username')}
          />
          <TextField
            label={t('signIn.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            error={fieldError('password')}
          />
          <TextField
            label={t('signIn.totp')}
            name="totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={values.totp}
            onChange={(event) => change('totp', event.target.value.replace(/\D/g, ''))}
            error={fieldError('totp')}
            hint={t('signIn.totpHint')}
          />
          <Button type="submit" block loading={signIn.isPending}>
            {t('signIn.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
