import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '@member-wallet/contract/backoffice/operators';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { useCompleteEnrolment } from './api/complete-enrolment.ts';

type Field = 'password' | 'repeat' | 'totp';
type Values = Record<Field, string>;

/**
 * What the browser can tell before sending: the operators' password policy as far as it is known here (length,
 * not the username; the server also refuses common passwords), the same password twice, and a 6-digit code.
 */
export function checkEnrolment(values: Values, username: string): Partial<Record<Field, TranslationKey>> {
  const errors: Partial<Record<Field, TranslationKey>> = {};
  if (!values.password) errors.password = 'signIn.required';
  else if ([...values.password].length < OPERATOR_PASSWORD_MIN) errors.password = 'enrol.tooShort';
  else if (values.password.toLowerCase().includes(username.toLowerCase())) errors.password = 'enrol.containsUsername';
  if (!values.repeat) errors.repeat = 'signIn.required';
  else if (values.repeat !== values.password) errors.repeat = 'enrol.mismatch';
  if (!values.totp) errors.totp = 'signIn.required';
  else if (!/^\d{6}$/.test(values.totp)) errors.totp = 'signIn.totpInvalid';
  return errors;
}

/** Step 2: the password, twice, and a first code of the authenticator, which proves step 1 worked. */
export function EnrolmentForm({
  token,
  username,
  onEnrolled,
}: {
  token: string;
  username: string;
  onEnrolled: () => void;
}) {
  const { t } = useTranslation();
  const complete = useCompleteEnrolment();
  const titleId = useId();
  const [values, setValues] = useState<Values>({ password: '', repeat: '', totp: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, TranslationKey>>>({});

  function change(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkEnrolment(values, username);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    complete.mutate({ token, password: values.password, totp: values.totp }, { onSuccess: onEnrolled });
  }

  const fieldError = (field: Field) => {
    const key = errors[field];
    return key ? t(key, { min: OPERATOR_PASSWORD_MIN }) : null;
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className="space-y-4">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('enrol.step2')}
      </h2>
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField
        label={t('enrol.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={OPERATOR_PASSWORD_MAX}
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={fieldError('password')}
        hint={t('enrol.passwordHint', { min: OPERATOR_PASSWORD_MIN })}
      />
      <TextField
        label={t('enrol.repeat')}
        name="repeat"
        type="password"
        autoComplete="new-password"
        maxLength={OPERATOR_PASSWORD_MAX}
        value={values.repeat}
        onChange={(event) => change('repeat', event.target.value)}
        error={fieldError('repeat')}
      />
      <TextField
        label={t('enrol.totp')}
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
      <ErrorAlert error={complete.error ? errorText(complete.error) : null} />
      <Button type="submit" block loading={complete.isPending}>
        {t('enrol.submit')}
      </Button>
    </form>
  );
}
