import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { type TranslationKey, useTranslation } from '../../../i18n/i18n.ts';
import { isApiError, toastError, translateCode } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { checkNewPassword } from '../../../lib/validation.ts';
import { useChangePassword } from '../api/change-password.ts';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
const REQUIRED: Record<Field, TranslationKey> = {
  oldPassword: 'validation.oldPasswordRequired',
  newPassword: 'validation.newPasswordRequired',
  confirmPassword: 'validation.confirmPasswordRequired',
};

/**
 * Old, new and confirmation, all required; a mismatch is shown and nothing is sent (spec section 5), nor is a
 * new password that breaks a rule the client can check (too short, the phone number, the current one).
 */
export function ChangePasswordModal({ phone, onClose }: { phone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit() {
    const found: Partial<Record<Field, string>> = {};
    for (const field of Object.keys(REQUIRED) as Field[]) if (!values[field]) found[field] = t(REQUIRED[field]);
    const problem = checkNewPassword(values.newPassword, { phone, current: values.oldPassword });
    if (!found.newPassword && problem) found.newPassword = translateCode(problem);
    else if (!found.confirmPassword && values.newPassword !== values.confirmPassword) {
      found.confirmPassword = t('validation.passwordNotEqual');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          showToast('success', t('profile.passwordChanged'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && !error.handled && (error.fields.newPassword || error.code === 'WRONG_PASSWORD')) {
            setErrors(
              error.code === 'WRONG_PASSWORD' ? { oldPassword: error.message } : { newPassword: error.message },
            );
            return;
          }
          toastError(error);
        },
      },
    );
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => {
        setValues({ ...values, [name]: event.target.value });
        setErrors({ ...errors, [name]: undefined });
      }}
    />
  );

  return (
    <Modal open onClose={onClose} title={t('profile.changePassword')}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {field('oldPassword', t('profile.oldPassword'), 'current-password')}
        {field('newPassword', t('profile.newPassword'), 'new-password')}
        {field('confirmPassword', t('profile.confirmPassword'), 'new-password')}
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
