import { FIELD_LIMITS } from '@member-wallet/contract/field-limits';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Select } from '../../../components/select.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { type FieldErrors, fieldErrorsFrom } from '../../../lib/form-errors.ts';
import { translateCode } from '../../../lib/http.ts';
import { checkNewPassword, checkPasswordsMatch, isBlank } from '../../../lib/validation.ts';
import { useSources } from '../api/get-sources.ts';
import { useValidateAccount } from '../api/validate-account.ts';

export interface ProfileValues {
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
}

const INPUTS = ['name', 'password', 'confirmPassword', 'sourceCode', 'inviteCode'] as const;

/** The step's own checks before the server's: a name, a password of the policy, typed twice alike. */
function profileErrors(values: ProfileValues, phone: string, t: ReturnType<typeof useTranslation>['t']): FieldErrors {
  const found: FieldErrors = {};
  if (isBlank(values.name)) found.name = t('validation.nameRequired');
  const passwordProblem = checkNewPassword(values.password, { phone });
  if (values.password === '') found.password = t('validation.passwordRequired');
  else if (passwordProblem) found.password = translateCode(passwordProblem);
  if (values.confirmPassword === '') found.confirmPassword = t('validation.confirmPasswordRequired');
  else if (checkPasswordsMatch(values.password, values.confirmPassword)) {
    found.confirmPassword = t('validation.passwordsDontMatch');
  }
  return found;
}

/** A source of the visitor's own ("how did you hear of us"): its text is data, shown as the server gives it. */
function sourceOption(source: { code: string; description: string }) {
  return { value: source.code, label: source.description, labelIsData: true };
}

export function ProfileStep({
  phone,
  initial,
  inviteLocked,
  onForgetInvite,
  onDone,
  onBack,
}: {
  phone: string;
  initial: ProfileValues;
  inviteLocked: boolean;
  onForgetInvite: () => void;
  onDone: (values: ProfileValues) => void;
  onBack: (values: ProfileValues) => void;
}) {
  const { t } = useTranslation();
  const sources = useSources();
  const validate = useValidateAccount();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = profileErrors(values, phone, t);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    validate.mutate(
      {
        name: values.name.trim(),
        username: phone,
        password: values.password,
        sourceCode: values.sourceCode || undefined,
        inviteCode: values.inviteCode.trim() || undefined,
      },
      {
        onSuccess: () => onDone(values),
        onError: (error) => setErrors(fieldErrorsFrom(error, INPUTS)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t('register.name')}
        name="name"
        autoComplete="nickname"
        maxLength={FIELD_LIMITS.nameMax}
        value={values.name}
        onChange={onChange}
        error={errors.name}
      />
      <TextField
        label={t('register.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={FIELD_LIMITS.passwordMax}
        value={values.password}
        onChange={onChange}
        error={errors.password}
        hint={t('register.passwordHint', { min: FIELD_LIMITS.passwordMin })}
      />
      <TextField
        label={t('register.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={FIELD_LIMITS.passwordMax}
        value={values.confirmPassword}
        onChange={onChange}
        error={errors.confirmPassword}
      />
      <Select
        label={t('register.sourceCode')}
        name="sourceCode"
        placeholder={t('common.selectPlaceholder')}
        options={(sources.data ?? []).map(sourceOption)}
        value={values.sourceCode}
        onChange={onChange}
        error={errors.sourceCode}
      />
      <TextField
        label={t('register.inviteCode')}
        name="inviteCode"
        autoComplete="off"
        maxLength={FIELD_LIMITS.codeMax}
        readOnly={inviteLocked}
        value={values.inviteCode}
        onChange={onChange}
        error={errors.inviteCode}
        hint={inviteLocked ? t('register.inviteCodeLocked') : null}
      />
      {inviteLocked && errors.inviteCode ? (
        <Button
          variant="ghost"
          onClick={() => {
            onForgetInvite();
            setValues((previous) => ({ ...previous, inviteCode: '' }));
            setErrors((previous) => ({ ...previous, inviteCode: undefined }));
          }}
        >
          {t('register.continueWithoutInviter')}
        </Button>
      ) : null}
      <div className="flex gap-2">
        <Button variant="ghost" onClick={() => onBack(values)}>
          {t('common.back')}
        </Button>
        <Button type="submit" className="flex-1" loading={validate.isPending}>
          {t('common.next')}
        </Button>
      </div>
    </form>
  );
}
